// `npm start -- --browser` ends here (scripts/start.mjs), as does a start where Electron cannot
// run: the browser shell on this machine's data folder until Ctrl+C, SIGTERM or the app window
// closes.
//   tsx src/main/browser-shell/cli.ts [--port N] [--data-dir DIR] [--no-open]
// What it writes is in the dealer's language: the app's setting, else the system's (LC_ALL, LANG…).
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isAppError } from '../../shared/errors';
import { renderMessage, textsIn } from '../../shared/i18n/messages';
import type { UiLanguage } from '../../shared/views';
import { resolveProfile } from '../app-data/data-dir';
import { earlyLanguage } from '../app-data/language';
import { startBrowserShell } from '.';

function parse(argv: string[], language: UiLanguage): { port: number; dataDir: string | undefined; open: boolean } {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      open: { type: 'boolean', default: true },
      // Passed through by the start script, which already chose this shell.
      browser: { type: 'boolean' },
    },
    allowNegative: true,
    strict: true,
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(textsIn(language)('shell.badPort', { value: values.port ?? '' }));
  return { port, dataDir: values['data-dir'], open: values.open };
}

/** A failure in the dealer's language: a coded error through the dictionaries, anything else as it says. */
function errorText(error: unknown, language: UiLanguage): string {
  if (isAppError(error)) return renderMessage(language, error.code, error.params);
  return error instanceof Error ? error.message : String(error);
}

const language = earlyLanguage(process.argv.slice(2), process.env);

async function main(): Promise<void> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(process.argv.slice(2), language);
  } catch (error) {
    console.error(`showroom: ${error instanceof Error ? error.message : String(error)}\n${textsIn(language)('shell.usage')}`);
    process.exit(2);
  }
  // The browser shell runs from the source checkout: the development profile, as npm start's Electron does.
  const profile = resolveProfile({ option: args.dataDir, env: process.env, platform: process.platform, home: homedir(), cwd: process.cwd(), packaged: false });
  const rendererDir = fileURLToPath(new URL('../../../out/renderer', import.meta.url));
  const result = await startBrowserShell({
    profile,
    rendererDir,
    port: args.port,
    open: args.open,
    version: process.env.npm_package_version,
  });
  if (result.kind === 'already_running') return;
  const { shell } = result;
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    // A second Ctrl+C: the dealer does not want to wait.
    if (signals > 1) process.exit(130);
    void shell.stop(signal === 'SIGINT' ? 'Ctrl+C' : signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const clean = await shell.stopped;
  process.exit(clean ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(`showroom: ${textsIn(language)('shell.couldNotStart', { cause: errorText(error, language) })}`);
  process.exit(1);
});

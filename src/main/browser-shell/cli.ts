// `npm start -- --browser` ends here (scripts/start.mjs), as does a start where Electron cannot
// run: the browser shell on this machine's data folder until Ctrl+C, SIGTERM or the app window
// closes.
//   tsx src/main/browser-shell/cli.ts [--port N] [--data-dir DIR] [--no-open]
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { resolveProfile } from '../cli/data-dir';
import { startBrowserShell } from '.';

const USAGE = 'usage: npm start -- --browser [--port N] [--data-dir DIR] [--no-open]';

function parse(argv: string[]): { port: number; dataDir: string | undefined; open: boolean } {
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
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port takes a port number (0-65535), not "${values.port}".`);
  return { port, dataDir: values['data-dir'], open: values.open };
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(process.argv.slice(2));
  } catch (error) {
    console.error(`showroom: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  // The browser shell runs from the source checkout: the development profile, as npm start's Electron does.
  const profile = resolveProfile({ option: args.dataDir, env: process.env, platform: process.platform, home: homedir(), cwd: process.cwd(), packaged: false });
  const rendererDir = fileURLToPath(new URL('../../../out/renderer', import.meta.url));
  const result = await startBrowserShell({ profile, rendererDir, port: args.port, open: args.open, version: process.env.npm_package_version });
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
  console.error(`showroom: the browser shell could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

// Showroom's headless command line: the app's own modules (accounts, keychain, cache, portal,
// sync, photos) without a window, for automation and support.
//   npm run cli -- <command> …        bin/showroom.mjs <command> …
// Exit codes: see exit-codes.ts (and `showroom --help`).
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { AppError, toErrorShape } from '../../shared/errors';
import { resolveLanguage } from '../../shared/i18n/language';
import { textOf } from '../../shared/i18n/messages';
import type { UiLanguage } from '../../shared/views';
import type { Command } from './command';
import { accountsAdd, accountsList, accountsRemove } from './commands/accounts';
import { attention } from './commands/attention';
import { cacheRebuild } from './commands/cache';
import { exportCommand } from './commands/export';
import { plan } from './commands/plan';
import { search } from './commands/search';
import { show } from './commands/show';
import { changes } from './commands/changes';
import { status } from './commands/status';
import { sync } from './commands/sync';
import { highlight, publish, unpublish } from './commands/publication';
import { createContext, profileContext, type CliContext } from './context';
import { installedBuild, resolveProfile, type Env } from './data-dir';
import { EXIT, EXIT_CODE_HELP, exitCodeFor } from './exit-codes';
import { createOutput, stopOnClosedPipe, type Io, type Output } from './io';
import { cliLanguage, parseLanguageOption, systemLanguage } from './language';

export const COMMANDS: readonly Command[] = [
  accountsAdd,
  accountsList,
  accountsRemove,
  sync,
  search,
  exportCommand,
  show,
  unpublish,
  publish,
  highlight,
  plan,
  status,
  changes,
  attention,
  cacheRebuild,
];

const GLOBAL_OPTIONS = {
  'data-dir': { type: 'string' },
  account: { type: 'string' },
  json: { type: 'boolean' },
  verbose: { type: 'boolean', short: 'v' },
  'no-keychain': { type: 'boolean' },
  lang: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsOptionsConfig;

const GLOBAL_HELP = `Options for every command:
  --data-dir <dir>      the app's data folder (default: SHOWROOM_DATA_DIR, else the desktop app's)
  --account <id|name>   which account (default: the only one, else the app's active one)
  --json                machine-readable output on stdout
  --no-keychain         keep the integration token only in this process (needs SHOWROOM_TOKEN)
  --lang en|pt-BR       the language of messages (default: the app's, else LC_ALL, LC_MESSAGES, LANG)
  -v, --verbose         error details for support (never the token)
  -h, --help            help

Environment:
  SHOWROOM_TOKEN        the integration token, for unattended runs (instead of the keychain)
  SHOWROOM_DATA_DIR     the data folder`;

export function helpText(command?: Command): string {
  if (command) {
    return [
      `Usage: showroom ${command.usage}`,
      '',
      command.summary + '.',
      ...(command.help ? ['', command.help] : []),
      '',
      GLOBAL_HELP,
      '',
      EXIT_CODE_HELP,
    ].join('\n');
  }
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return [
    'Usage: showroom <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    'Run `showroom <command> --help` for its options.',
    '',
    GLOBAL_HELP,
    '',
    EXIT_CODE_HELP,
  ].join('\n');
}

/** The command the arguments name: the first one or two positionals ("sync", "accounts add"). */
function findCommand(args: readonly string[]): { command: Command | undefined; words: number; named: string } {
  const { tokens } = parseArgs({ args: [...args], options: GLOBAL_OPTIONS, strict: false, allowPositionals: true, tokens: true });
  const words = tokens.filter((t) => t.kind === 'positional').map((t) => t.value);
  const two = words.slice(0, 2).join(' ');
  const one = words[0] ?? '';
  const command = COMMANDS.find((c) => c.name === two) ?? COMMANDS.find((c) => c.name === one);
  return { command, words: command ? command.name.split(' ').length : 0, named: one === 'accounts' || one === 'cache' ? two : one };
}

export interface RunOptions {
  io: Io;
  env: Env;
  cwd?: string;
  platform?: NodeJS.Platform;
  home?: string;
  /** Aborted on Ctrl-C. */
  signal?: AbortSignal;
  /** An installed build: the dealer's profile, not the development one (see shell/profile.ts). Default false. */
  packaged?: boolean;
}

/** The error in the dealer's language (its message code rendered; English `message` when it has none), and its exit code. */
function printError(out: Output, error: unknown, verbose: boolean, language: UiLanguage): number {
  const shape = toErrorShape(error);
  out.endProgress();
  out.note(`showroom: ${textOf(language, shape)}`);
  if (verbose) {
    out.note(`  kind: ${shape.kind}`);
    if (shape.detail !== undefined) out.note(`  detail: ${JSON.stringify(shape.detail)}`);
    if (!(error instanceof AppError) && error instanceof Error && error.stack) out.note(error.stack);
  } else if (shape.detail !== undefined || shape.kind === 'internal') {
    out.note('  (run again with --verbose for details)');
  }
  if (shape.kind === 'keychain_unavailable') out.note('  For unattended runs, set SHOWROOM_TOKEN instead (and add the account with --no-keychain).');
  return exitCodeFor(shape.kind);
}

/** The language to report an error in; a bad --lang (itself the error, perhaps) falls back to the system's. */
async function errorLanguage(option: unknown, env: Env, dataDir: string | undefined): Promise<UiLanguage> {
  return cliLanguage(typeof option === 'string' ? option : undefined, env, dataDir).catch(() => resolveLanguage(undefined, systemLanguage(env)));
}

/** Runs one command line; returns the exit code. Never throws. */
export async function runCli(argv: readonly string[], options: RunOptions): Promise<number> {
  const { io, env } = options;
  const out = createOutput(io, [env.SHOWROOM_TOKEN ?? '']);
  const { command, words, named } = findCommand(argv);
  if (!command) {
    const asksHelp = argv.length === 0 || argv.includes('--help') || argv.includes('-h') || argv[0] === 'help';
    if (asksHelp) {
      out.line(helpText());
      return EXIT.ok;
    }
    out.note(`showroom: unknown command “${named}”.\n\n${helpText()}`);
    return EXIT.usage;
  }

  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: { ...GLOBAL_OPTIONS, ...command.options }, strict: true, allowPositionals: true });
  } catch (error) {
    out.note(`showroom ${command.name}: ${(error as Error).message}\nUsage: showroom ${command.usage}`);
    return EXIT.usage;
  }
  const values = parsed.values as Record<string, string | boolean | string[] | boolean[] | undefined>;
  if (values.help) {
    out.line(helpText(command));
    return EXIT.ok;
  }
  // --lang is checked before anything runs: every command reports its errors in it.
  try {
    if (typeof values.lang === 'string') parseLanguageOption(values.lang);
  } catch (error) {
    out.note(`showroom ${command.name}: ${(error as Error).message}\nUsage: showroom ${command.usage}`);
    return EXIT.usage;
  }
  const positionals = parsed.positionals.slice(words);
  const expected = command.positionals ?? { min: 0, max: 0, name: '' };
  if (positionals.length < expected.min || positionals.length > expected.max) {
    out.note(
      `showroom ${command.name}: ${positionals.length < expected.min ? `missing <${expected.name}>` : `unexpected argument “${positionals[expected.max]}”`}.\nUsage: showroom ${command.usage}`,
    );
    return EXIT.usage;
  }

  const verbose = values.verbose === true;
  let ctx: CliContext | undefined;
  try {
    ctx = createContext({
      ...profileContext(
        resolveProfile({
          option: typeof values['data-dir'] === 'string' ? values['data-dir'] : undefined,
          env,
          platform: options.platform ?? process.platform,
          home: options.home ?? homedir(),
          cwd: options.cwd ?? process.cwd(),
          packaged: options.packaged ?? false,
        }),
      ),
      env,
      out,
      verbose,
      json: values.json === true,
      signal: options.signal ?? new AbortController().signal,
      noKeychain: values['no-keychain'] === true,
    });
    return await command.run(ctx, { positionals, values, io });
  } catch (error) {
    if (options.signal?.aborted) {
      out.endProgress();
      out.note('showroom: cancelled.');
      return EXIT.cancelled;
    }
    return printError(out, error, verbose, await errorLanguage(values.lang, env, ctx?.dataDir));
  } finally {
    await ctx?.close();
  }
}

export async function main(): Promise<void> {
  const controller = new AbortController();
  let interrupts = 0;
  process.on('SIGINT', () => {
    interrupts++;
    if (interrupts === 1) {
      process.stderr.write('\nshowroom: stopping… (Ctrl-C again to quit at once)\n');
      controller.abort(new AppError('cancelled', 'Cancelled.'));
    } else {
      process.exit(EXIT.cancelled);
    }
  });
  // The reader of our output went away: nothing more can be said, and nothing failed.
  stopOnClosedPipe(process.stdout, () => process.exit(EXIT.ok));
  stopOnClosedPipe(process.stderr, () => undefined);
  const code = await runCli(process.argv.slice(2), {
    io: { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
    env: process.env,
    signal: controller.signal,
    packaged: installedBuild(fileURLToPath(import.meta.url)),
  });
  process.exitCode = code;
}

const invokedDirectly = (() => {
  const entry = process.argv[1] ?? '';
  return /[\\/]cli[\\/]index\.[cm]?[jt]s$/.test(entry) || process.env.SHOWROOM_CLI_MAIN === '1';
})();
if (invokedDirectly) void main();

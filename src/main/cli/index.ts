// Showroom's headless command line: the app's own modules (accounts, keychain, cache, portal,
// sync, photos) without a window, for automation and support.
//   npm run cli -- <command> …        bin/showroom.mjs <command> …
// Exit codes: see exit-codes.ts (and `showroom --help`).
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { AppError, toErrorShape } from '../../shared/errors';
import { resolveLanguage } from '../../shared/i18n/language';
import { codedError, renderMessage, textOf, textsIn, type MessageRef } from '../../shared/i18n/messages';
import type { UiLanguage } from '../../shared/views';
import type { Command } from './command';
import { accountsAdd, accountsList, accountsRemove } from './commands/accounts';
import { attention } from './commands/attention';
import { insights } from './commands/insights';
import { catalogue } from './commands/catalogue';
import { cacheRebuild } from './commands/cache';
import { exportCommand } from './commands/export';
import { plan } from './commands/plan';
import { search } from './commands/search';
import { show } from './commands/show';
import { changes } from './commands/changes';
import { status } from './commands/status';
import { sync } from './commands/sync';
import { highlight, publish, unpublish } from './commands/publication';
import { discard, pending } from './commands/pending';
import { create } from './commands/create';
import { edit, resolve } from './commands/edit';
import { reprice } from './commands/reprice';
import { history } from './commands/history';
import { sold } from './commands/sold';
import { createContext, profileContext, type CliContext } from './context';
import { installedBuild, resolveProfile } from '../app-data/data-dir';
import type { Env } from '../base/env';
import { earlyLanguage, systemLanguage } from '../app-data/language';
import { EXIT, exitCodeFor } from './exit-codes';
import { createOutput, stopOnClosedPipe, type Io, type Output } from './io';
import { cliLanguage, parseLanguageOption } from './language';

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
  pending,
  discard,
  edit,
  resolve,
  reprice,
  sold,
  history,
  create,
  plan,
  status,
  changes,
  attention,
  insights,
  catalogue,
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

/** The help in `language`: one command's, or the list of commands. The texts are the dictionaries' `cliHelp` section. */
export function helpText(language: UiLanguage, command?: Command): string {
  const t = textsIn(language);
  const common = ['', t('cliHelp.options'), '', t('cliHelp.exitCodes')];
  if (command) {
    return [
      t('cliHelp.usage', { usage: command.usage }),
      '',
      t(command.summary) + '.',
      ...(command.help ? ['', command.help.map((p) => t(p.code, p.params)).join('\n')] : []),
      ...common,
    ].join('\n');
  }
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return [
    t('cliHelp.usageGlobal'),
    '',
    t('cliHelp.commands'),
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}${t(c.summary)}`),
    '',
    t('cliHelp.more'),
    ...common,
  ].join('\n');
}

/** node:util parseArgs's complaint as a message code (the option it names, from its message); undefined for one we do not know. */
function parseErrorRef(error: unknown): MessageRef | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as NodeJS.ErrnoException).code;
  const option = /'([^']+)'/.exec(error.message)?.[1];
  if (option === undefined) return undefined;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return { code: 'cli.unknownOption', params: { option } };
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return { code: error.message.includes('does not take') ? 'cli.optionTakesNoValue' : 'cli.optionNeedsValue', params: { option } };
  return undefined;
}

/**
 * `--price -5` as `--price=-5`, `--by -5%` as `--by=-5%`: parseArgs takes an argument starting with
 * a dash for an option, so a signed amount after an option that takes a value would read as that
 * value missing. Joined, it reaches the command, whose checks say what is wrong with it (a price
 * below 0) or read it (a cut of 5%).
 */
export function joinNegativeValues(args: readonly string[], options: ParseArgsOptionsConfig): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') return [...out, ...args.slice(i)];
    const next = args[i + 1];
    const name = arg.startsWith('--') && !arg.includes('=') ? arg.slice(2) : undefined;
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && /^[-\u2212]\s*(R\$)?\s*[\d.,]/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
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
  const t = textsIn(language);
  out.endProgress();
  out.note(`showroom: ${textOf(language, shape)}`);
  if (verbose) {
    out.note(`  kind: ${shape.kind}`);
    if (shape.detail !== undefined) out.note(`  detail: ${JSON.stringify(shape.detail)}`);
    if (!(error instanceof AppError) && error instanceof Error && error.stack) out.note(error.stack);
  } else if (shape.detail !== undefined || shape.kind === 'internal') {
    out.note(`  ${t('cli.verboseHint')}`);
  }
  if (shape.kind === 'keychain_unavailable') out.note(`  ${t('cli.keychainHint')}`);
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
  // No data folder is known yet: the help and a bad command line speak --lang, else the system's language.
  const language = earlyLanguage(argv, env);
  if (!command) {
    const asksHelp = argv.length === 0 || argv.includes('--help') || argv.includes('-h') || argv[0] === 'help';
    if (asksHelp) {
      out.line(helpText(language));
      return EXIT.ok;
    }
    out.note(`showroom: ${renderMessage(language, 'cli.unknownCommand', { command: named })}\n\n${helpText(language)}`);
    return EXIT.usage;
  }
  const badUsage = (said: string) => {
    out.note(`showroom ${command.name}: ${said}\n${renderMessage(language, 'cliHelp.usage', { usage: command.usage })}`);
    return EXIT.usage;
  };

  let parsed;
  try {
    const options = { ...GLOBAL_OPTIONS, ...command.options };
    parsed = parseArgs({ args: joinNegativeValues(argv, options), options, strict: true, allowPositionals: true });
  } catch (error) {
    const ref = parseErrorRef(error);
    return badUsage(ref ? renderMessage(language, ref.code, ref.params) : (error as Error).message);
  }
  const values = parsed.values as Record<string, string | boolean | string[] | boolean[] | undefined>;
  if (values.help) {
    out.line(helpText(language, command));
    return EXIT.ok;
  }
  // --lang is checked before anything runs: every command reports its errors in it.
  try {
    if (typeof values.lang === 'string') parseLanguageOption(values.lang);
  } catch (error) {
    return badUsage(textOf(language, toErrorShape(error)));
  }
  const positionals = parsed.positionals.slice(words);
  const expected = command.positionals ?? { min: 0, max: 0, name: '' };
  if (positionals.length < expected.min) return badUsage(renderMessage(language, 'cli.missingArgument', { name: expected.name }));
  if (positionals.length > expected.max) return badUsage(renderMessage(language, 'cli.unexpectedArgument', { argument: positionals[expected.max] ?? '' }));

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
      lang: typeof values.lang === 'string' ? values.lang : undefined,
    });
    return await command.run(ctx, { positionals, values, io });
  } catch (error) {
    const said = await errorLanguage(values.lang, env, ctx?.dataDir);
    if (options.signal?.aborted) {
      out.endProgress();
      out.note(`showroom: ${renderMessage(said, 'cli.cancelled')}`);
      return EXIT.cancelled;
    }
    return printError(out, error, verbose, said);
  } finally {
    await ctx?.close();
  }
}

export async function main(): Promise<void> {
  const controller = new AbortController();
  const language = earlyLanguage(process.argv.slice(2), process.env);
  let interrupts = 0;
  process.on('SIGINT', () => {
    interrupts++;
    if (interrupts === 1) {
      process.stderr.write(`\nshowroom: ${renderMessage(language, 'cli.stopping')}\n`);
      controller.abort(codedError('cancelled', { code: 'portal.cancelled' }));
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

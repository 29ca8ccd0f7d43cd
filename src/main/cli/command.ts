// One command of the command line: its options (node:util parseArgs config), its positionals,
// its help, and what it does. Each lives in commands/<name>.ts.
import type { ParseArgsOptionsConfig } from 'node:util';
import type { MessageCode, MessageRef } from '../../shared/i18n/messages';
import type { CliContext } from './context';
import type { Io } from './io';

export type OptionValues = Record<string, string | boolean | string[] | boolean[] | undefined>;

export interface CommandArgs {
  positionals: string[];
  values: OptionValues;
  io: Io;
}

export interface Command {
  /** "sync", or "accounts add" for a subcommand. */
  name: string;
  /** One line in the list of commands: its text in the dictionaries' `cliHelp` section, in both languages. */
  summary: MessageCode;
  /** Usage line(s) after "showroom ": option names and literal values, never translated. */
  usage: string;
  /** Extra help (options, examples): dictionary texts, a paragraph each. */
  help?: readonly MessageRef[];
  options?: ParseArgsOptionsConfig;
  positionals?: { min: number; max: number; name: string };
  /** Options whose value may start with a minus (`--by -5%`): parseArgs would take it for an option; it is joined to its option first. */
  signedValues?: readonly string[];
  /** Returns the exit code. */
  run(ctx: CliContext, args: CommandArgs): Promise<number>;
}

export const str = (v: OptionValues[string]): string | undefined => (typeof v === 'string' ? v : undefined);
export const list = (v: OptionValues[string]): string[] =>
  (Array.isArray(v) ? v : typeof v === 'string' ? [v] : [])
    .flatMap((s) => String(s).split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');

// The language of what the command line writes for the dealer (help, errors, sync notes, export
// headers): --lang, else the app's language setting, else the system's (LC_ALL, LC_MESSAGES, LANG,
// in POSIX's order of precedence). Before a data folder is known (the help, a bad command line):
// --lang, else the system's.
import { parseArgs } from 'node:util';
import { resolveLanguage } from '../../shared/i18n/language';
import type { UiLanguage } from '../../shared/views';
import { createSettingsStore } from '../backend/settings';
import { silentLogger } from '../shell/logger';
import type { Env } from './data-dir';
import { usageError } from './usage-error';

export const CLI_LANGUAGES: readonly UiLanguage[] = ['en', 'pt-BR'];

const known = (option: string): UiLanguage | undefined => CLI_LANGUAGES.find((l) => l.toLowerCase() === option.toLowerCase());

/** --lang as given, or a usage error naming the languages there are. */
export function parseLanguageOption(option: string): UiLanguage {
  const found = known(option);
  if (!found) throw usageError({ code: 'cli.langInvalid', params: { value: option } });
  return found;
}

/** The system's language, from the locale variables. */
export function systemLanguage(env: Env): string | undefined {
  return env.LC_ALL || env.LC_MESSAGES || env.LANG;
}

/** --lang, else the app's setting in `dataDir` (when there is one to read), else the system's. */
export async function cliLanguage(option: string | undefined, env: Env, dataDir?: string): Promise<UiLanguage> {
  if (option !== undefined) return parseLanguageOption(option);
  const settings =
    dataDir === undefined
      ? undefined
      : await createSettingsStore(dataDir, silentLogger)
          .load()
          .catch(() => undefined);
  return resolveLanguage(settings?.language, systemLanguage(env));
}

/** The language before any data folder is read: a valid --lang among the arguments, else the system's. Pure. */
export function earlyLanguage(argv: readonly string[], env: Env): UiLanguage {
  const { values } = parseArgs({ args: [...argv], options: { lang: { type: 'string' } }, strict: false, allowPositionals: true });
  const chosen = typeof values.lang === 'string' ? known(values.lang) : undefined;
  return chosen ?? resolveLanguage(undefined, systemLanguage(env));
}

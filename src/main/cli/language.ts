// The language of what the command line writes for the dealer (errors, sync notes, export
// headers): --lang, else the app's language setting, else the system's (LC_ALL, LC_MESSAGES, LANG,
// in POSIX's order of precedence).
import { resolveLanguage } from '../../shared/i18n/language';
import type { UiLanguage } from '../../shared/views';
import { createSettingsStore } from '../backend/settings';
import { silentLogger } from '../shell/logger';
import { usageError } from './context';
import type { Env } from './data-dir';

export const CLI_LANGUAGES: readonly UiLanguage[] = ['en', 'pt-BR'];

/** --lang as given, or a usage error naming the languages there are. */
export function parseLanguageOption(option: string): UiLanguage {
  const found = CLI_LANGUAGES.find((l) => l.toLowerCase() === option.toLowerCase());
  if (!found) throw usageError(`--lang takes ${CLI_LANGUAGES.join(' or ')}; got “${option}”.`);
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

// The language of what the command line writes for the dealer (help, errors, sync notes, export
// headers): --lang, else the app's (app-data/language.ts: the setting, else the system's).
import type { UiLanguage } from '../../shared/views';
import { knownLanguage, savedLanguage } from '../app-data/language';
import type { Env } from '../base/env';
import { usageError } from './usage-error';

/** --lang as given, or a usage error naming the languages there are. */
export function parseLanguageOption(option: string): UiLanguage {
  const found = knownLanguage(option);
  if (!found) throw usageError({ code: 'cli.langInvalid', params: { value: option } });
  return found;
}

/** --lang, else the app's setting in `dataDir` (when there is one to read), else the system's. */
export async function cliLanguage(option: string | undefined, env: Env, dataDir?: string): Promise<UiLanguage> {
  return option !== undefined ? parseLanguageOption(option) : savedLanguage(env, dataDir);
}

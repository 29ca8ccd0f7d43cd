// The language of what a Node process writes for the dealer (the command line, the browser shell's
// terminal lines): the app's language setting in the data folder, else the system's (LC_ALL,
// LC_MESSAGES, LANG, in POSIX's order of precedence). Before a data folder is known (the help, a bad
// command line): a valid --lang among the arguments, else the system's.
import { parseArgs } from 'node:util';
import { resolveLanguage } from '../../shared/i18n/language';
import type { UiLanguage } from '../../shared/views';
import { silentLogger } from '../base/logger';
import type { Env } from '../base/env';
import { createSettingsStore } from './settings-store';

export const APP_LANGUAGES: readonly UiLanguage[] = ['en', 'pt-BR'];

/** The language named, in any case, or undefined when it is none of the app's. */
export const knownLanguage = (option: string): UiLanguage | undefined => APP_LANGUAGES.find((l) => l.toLowerCase() === option.toLowerCase());

/** The system's language, from the locale variables. */
export function systemLanguage(env: Env): string | undefined {
  return env.LC_ALL || env.LC_MESSAGES || env.LANG;
}

/** The app's setting in `dataDir` (when there is one to read), else the system's. */
export async function savedLanguage(env: Env, dataDir?: string): Promise<UiLanguage> {
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
  const chosen = typeof values.lang === 'string' ? knownLanguage(values.lang) : undefined;
  return chosen ?? resolveLanguage(undefined, systemLanguage(env));
}

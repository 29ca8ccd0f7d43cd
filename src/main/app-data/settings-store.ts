// The app's own settings (the language), kept in `<dataDir>/settings.json`. The photo settings are
// each account's (accounts.json); settings.ts serves both to the renderer.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { LanguageSetting } from '../../shared/views';
import { writeFileAtomic } from '../base/atomic-file';
import type { Logger } from '../base/logger';

export interface AppSettings {
  language: LanguageSetting;
}

export const DEFAULT_APP_SETTINGS: AppSettings = { language: 'system' };

// Other keys are ignored: before schema 5 of the cache, the photo settings were kept here too.
const appSettingsSchema = z.object({
  language: z.enum(['en', 'pt-BR', 'system']).catch(DEFAULT_APP_SETTINGS.language),
});

export interface SettingsStore {
  get(): AppSettings;
  load(): Promise<AppSettings>;
  set(changes: Partial<AppSettings>): Promise<AppSettings>;
}

export function createSettingsStore(dataDir: string, log: Logger): SettingsStore {
  const file = join(dataDir, 'settings.json');
  let current: AppSettings = { ...DEFAULT_APP_SETTINGS };
  let queue: Promise<unknown> = Promise.resolve();
  return {
    get: () => current,
    async load() {
      try {
        const json: unknown = JSON.parse(await readFile(file, 'utf8'));
        current = appSettingsSchema.parse({ ...DEFAULT_APP_SETTINGS, ...(json && typeof json === 'object' ? json : {}) });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn('backend: settings.json unreadable; using defaults', { error: String(error) });
      }
      return current;
    },
    async set(changes) {
      const next: AppSettings = { ...current };
      if (changes.language !== undefined) next.language = changes.language;
      current = next;
      const write = queue.then(() => writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`));
      queue = write.catch(() => undefined);
      await write;
      return next;
    },
  };
}

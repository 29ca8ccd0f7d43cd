// App-wide settings (photo caching, disk budget, language) in `<dataDir>/settings.json`.
// A change applies at once: the budget to the open photo cache, the photo mode to the next sync.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { ChannelParsedInput } from '../../shared/contract';
import type { SettingsView } from '../../shared/views';
import { writeFileAtomic } from '../accounts';
import type { Handlers } from '../ipc/gate';
import type { Logger } from '../shell/logger';
import type { BackendContext } from './context';

export const DEFAULT_SETTINGS: SettingsView = { photoCaching: 'covers', diskBudgetMb: 2_048, language: 'system' };

const settingsSchema = z.object({
  photoCaching: z.enum(['covers', 'all']).catch(DEFAULT_SETTINGS.photoCaching),
  diskBudgetMb: z.number().int().min(50).max(1_000_000).catch(DEFAULT_SETTINGS.diskBudgetMb),
  language: z.enum(['en', 'pt-BR', 'system']).catch(DEFAULT_SETTINGS.language),
});

export interface SettingsStore {
  get(): SettingsView;
  load(): Promise<SettingsView>;
  set(changes: ChannelParsedInput<'settings.set'>): Promise<SettingsView>;
}

export const megabytes = (mb: number): number => mb * 1024 * 1024;

export function createSettingsStore(dataDir: string, log: Logger): SettingsStore {
  const file = join(dataDir, 'settings.json');
  let current: SettingsView = { ...DEFAULT_SETTINGS };
  let queue: Promise<unknown> = Promise.resolve();
  return {
    get: () => current,
    async load() {
      try {
        const json: unknown = JSON.parse(await readFile(file, 'utf8'));
        current = settingsSchema.parse({ ...DEFAULT_SETTINGS, ...(json && typeof json === 'object' ? json : {}) });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn('backend: settings.json unreadable; using defaults', { error: String(error) });
      }
      return current;
    },
    async set(changes) {
      const next: SettingsView = { ...current };
      if (changes.photoCaching !== undefined) next.photoCaching = changes.photoCaching;
      if (changes.diskBudgetMb !== undefined) next.diskBudgetMb = changes.diskBudgetMb;
      if (changes.language !== undefined) next.language = changes.language;
      current = next;
      const write = queue.then(() => writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`));
      queue = write.catch(() => undefined);
      await write;
      return next;
    },
  };
}

export function settingsHandlers(ctx: BackendContext): Pick<Handlers, 'settings.get' | 'settings.set'> {
  return {
    'settings.get': async () => ctx.settings.get(),
    'settings.set': async (input) => {
      const before = ctx.settings.get();
      const next = await ctx.settings.set(input);
      if (next.diskBudgetMb !== before.diskBudgetMb) ctx.sessions.active()?.photos.setBudget(megabytes(next.diskBudgetMb));
      ctx.deps.emit('settings.changed', next);
      return next;
    },
  };
}

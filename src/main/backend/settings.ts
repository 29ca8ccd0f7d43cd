// Settings as the renderer sees them (SettingsView): the language is the app's, kept in
// `<dataDir>/settings.json`; the photo settings are the active account's, kept with the account
// (accounts.json): each account has its own photo folder, so its own choice and disk budget.
// A change applies at once: the budget to the open photo cache, the photo mode to the next sync.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { ChannelParsedInput } from '../../shared/contract';
import type { LanguageSetting, SettingsView } from '../../shared/views';
import { DEFAULT_SETTINGS as DEFAULT_ACCOUNT_SETTINGS, writeFileAtomic, type AccountSettings } from '../accounts';
import type { Handlers } from '../ipc/gate';
import type { Logger } from '../shell/logger';
import type { BackendContext } from './context';

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

export const megabytes = (mb: number): number => mb * 1024 * 1024;

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

/** The view of the app's settings and the active account's photo settings (the defaults when no account is open). */
export async function settingsView(ctx: Pick<BackendContext, 'settings' | 'sessions' | 'accounts'>): Promise<SettingsView> {
  const active = ctx.sessions.active();
  const photos: AccountSettings = (active && (await ctx.accounts.get(active.accountId).catch(() => null))?.settings) ?? DEFAULT_ACCOUNT_SETTINGS;
  return { photoCaching: photos.photos, diskBudgetMb: photos.photoBudgetMB, language: ctx.settings.get().language };
}

/** After the active account changed: its photo settings are now the ones on screen. */
export async function emitSettingsChanged(ctx: BackendContext): Promise<void> {
  ctx.deps.emit('settings.changed', await settingsView(ctx));
}

export function settingsHandlers(ctx: BackendContext): Pick<Handlers, 'settings.get' | 'settings.set'> {
  return {
    'settings.get': () => settingsView(ctx),
    'settings.set': async (input: ChannelParsedInput<'settings.set'>) => {
      if (input.photoCaching !== undefined || input.diskBudgetMb !== undefined) {
        // Photo settings belong to an account: without one there is nothing to apply them to.
        const session = ctx.sessions.require();
        const changes: Partial<AccountSettings> = {};
        if (input.photoCaching !== undefined) changes.photos = input.photoCaching;
        if (input.diskBudgetMb !== undefined) changes.photoBudgetMB = input.diskBudgetMb;
        const { account } = await ctx.accounts.update(session.accountId, { settings: changes });
        await session.applySettings(account.settings);
      }
      if (input.language !== undefined) await ctx.settings.set({ language: input.language });
      await emitSettingsChanged(ctx);
      return settingsView(ctx);
    },
  };
}

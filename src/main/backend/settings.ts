// Settings as the renderer sees them (SettingsView): the language is the app's, kept in
// `<dataDir>/settings.json`; the photo settings are the active account's, kept with the account
// (accounts.json): each account has its own photo folder, so its own choice and disk budget.
// A change applies at once: the budget to the open photo cache, the photo mode to the next sync.
import type { ChannelParsedInput } from '../../shared/contract';
import type { SettingsView } from '../../shared/views';
import { DEFAULT_SETTINGS as DEFAULT_ACCOUNT_SETTINGS, type AccountSettings } from '../accounts';
import type { Handlers } from '../ipc/gate';
import type { BackendContext } from './context';

export { createSettingsStore, DEFAULT_APP_SETTINGS, type AppSettings, type SettingsStore } from '../app-data/settings-store';

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

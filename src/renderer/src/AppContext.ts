// What every screen of a connected account can reach: the account, settings, sync status and
// actions, navigation and notices. Provided by App.tsx. Its value changes rarely (an account or
// a setting changed, a run ended, the dealer navigated): the sync's progress, which changes
// several times a second, is not in it but in a store of its own (hooks/syncProgress.ts).
import { createContext, useContext } from 'react';
import type { ChannelInput } from '../../shared/contract';
import type { AccountView, AppInfoView, SettingsView } from '../../shared/views';
import type { NoticeText, NoticeTone } from './hooks/useNotices';
import type { SyncState } from './hooks/useSync';
import type { View } from './navigation';

export interface AppContextValue {
  account: AccountView;
  accounts: AccountView[];
  appInfo: AppInfoView | null;
  settings: SettingsView | null;
  updateSettings: (change: ChannelInput<'settings.set'>) => Promise<SettingsView>;
  sync: SyncState;
  view: View;
  navigate: (view: View) => void;
  notify: (tone: NoticeTone, text: NoticeText, detail?: string | null) => void;
  /** Shows a thrown error as a notice (translated). */
  reportError: (error: unknown) => void;
  /** Adds an account from inside the app (Settings → add another account). */
  addingAccount: boolean;
  setAddingAccount: (adding: boolean) => void;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp() outside <AppContext.Provider>');
  return value;
}

// The app shell: first run when there is no account; otherwise nav, top bar and the screens.
// The inventory stays mounted (hidden) while another screen shows, so its search, filters,
// scroll and selection survive a visit to a listing.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountView, SyncRunView } from '../../shared/views';
import { AppContext, type AppContextValue } from './AppContext';
import { CacheHealthBanner } from './components/CacheHealthBanner';
import { ErrorBox } from './components/ErrorBox';
import { NavBar } from './components/NavBar';
import { Notices } from './components/Notices';
import { useRunSummary } from './components/RunSummary';
import { SyncProgressPanel } from './components/SyncControls';
import { TokenRefusedBanner } from './components/TokenRefusedBanner';
import { TopBar } from './components/TopBar';
import { useAccounts } from './hooks/useAccounts';
import { useApiEvent } from './hooks/useApiEvent';
import { useCodedText } from './hooks/useCodedText';
import { useErrorText } from './hooks/useErrorText';
import { useNotices } from './hooks/useNotices';
import { useSettings } from './hooks/useSettings';
import { useSync } from './hooks/useSync';
import { useQueryInvalidation } from './query/invalidation';
import { applyLanguageSetting } from './i18n';
import type { View } from './navigation';
import { AttentionScreen } from './screens/AttentionScreen';
import { InsightsScreen } from './screens/InsightsScreen';
import { FirstRunScreen } from './screens/FirstRunScreen';
import { InventoryScreen } from './screens/InventoryScreen';
import { PlanScreen } from './screens/PlanScreen';
import { SettingsScreen } from './screens/SettingsScreen';
import { SoldScreen } from './screens/SoldScreen';
import { SyncHistoryScreen } from './screens/SyncHistoryScreen';
import { VehicleDetailScreen } from './screens/VehicleDetailScreen';

export function App() {
  const { t, i18n } = useTranslation();
  useQueryInvalidation();
  const { accounts, active, error: accountsError, refresh: refreshAccounts } = useAccounts();
  const { settings, appInfo, update: updateSettings } = useSettings();
  const { notices, notify, dismiss } = useNotices();
  const errorText = useErrorText();
  const codedText = useCodedText();
  const summarize = useRunSummary();
  const [view, setView] = useState<View>({ screen: 'inventory' });
  const [addingAccount, setAddingAccount] = useState(false);
  useApiEvent('menu.settings', () => setView({ screen: 'settings' }));
  // The account's background worker stopped and was started again (main restarts it): say so once.
  useApiEvent('cache.changed', ({ reason }) => {
    if (reason === 'restarted') notify('warning', (tr) => tr('codes.session.restartedNotice'));
  });

  useEffect(() => {
    applyLanguageSetting(settings?.language);
  }, [settings?.language]);

  const reportError = useCallback(
    (error: unknown) => {
      const text = errorText(error);
      notify(text.kind === 'busy' ? 'info' : 'error', text.summary, text.message);
    },
    [errorText, notify],
  );

  // The accounts (last sync time), status and history are re-read by the query cache on sync.finished.
  const onSyncFinished = useCallback(
    (run: SyncRunView) => {
      if (run.outcome === 'succeeded') {
        const c = run.counts;
        // A sync that changed listings offers them (the history opens with this run's list).
        const changed = !run.firstSync && c.added + c.changed + c.sold + c.removed > 0;
        const action = changed ? { label: t('codes.changes.show'), run: () => setView({ screen: 'history', run: run.id }) } : undefined;
        notify('success', t('sync.finishedToast', { summary: summarize(run.counts) }), null, action);
      } else if (run.outcome === 'cancelled') notify('info', (tr) => tr('sync.cancelledToast'));
      else if (run.error)
        notify(
          'error',
          t('sync.failedToast', { message: t(`errors.kind.${run.error.kind}`) }),
          codedText(run.error) ?? (i18n.language === 'en' ? run.error.message : null),
        );
    },
    [notify, summarize, t, i18n.language, codedText],
  );
  const sync = useSync(active?.id ?? null, onSyncFinished, reportError);
  const { start: startSync } = sync;

  // A connected account is already the active one in main (accounts.add selects it): sync it now.
  const onAccountReady = useCallback(
    (_account: AccountView, firstSync: boolean) => {
      setAddingAccount(false);
      setView({ screen: 'inventory' });
      void refreshAccounts();
      if (firstSync) void startSync(false);
    },
    [refreshAccounts, startSync],
  );

  const context = useMemo<AppContextValue | null>(
    () =>
      active && accounts
        ? { account: active, accounts, appInfo, settings, updateSettings, sync, view, navigate: setView, notify, reportError, addingAccount, setAddingAccount }
        : null,
    [active, accounts, appInfo, settings, updateSettings, sync, view, notify, reportError, addingAccount],
  );

  if (accounts === null) {
    return (
      <main className="splash">
        {accountsError !== null ? <ErrorBox error={accountsError} onRetry={() => void refreshAccounts()} /> : <p className="muted">{t('common.loading')}</p>}
      </main>
    );
  }
  if (!context || addingAccount) {
    return (
      <>
        <FirstRunScreen onReady={onAccountReady} onCancel={context ? () => setAddingAccount(false) : undefined} />
        <Notices notices={notices} dismiss={dismiss} />
      </>
    );
  }

  return (
    <AppContext.Provider value={context}>
      <div className="app">
        {view.screen === 'inventory' && (
          // The first stop of Tab: past the sections, the search and the filters, straight to the list.
          <a
            className="skip-link"
            href="#content"
            onClick={(e) => {
              e.preventDefault();
              document.querySelector<HTMLElement>('[data-testid="inventory-table"]')?.focus();
            }}
          >
            {t('inventory.skipToList')}
          </a>
        )}
        <NavBar />
        <div className="app__main">
          <div className="app__top">
            <TopBar />
            <SyncProgressPanel />
          </div>
          <TokenRefusedBanner />
          <CacheHealthBanner />
          <main className="app__content" id="content">
            {/* Keyed by account so that switching accounts starts a fresh list. */}
            <InventoryScreen key={context.account.id} visible={view.screen === 'inventory'} showing={view.screen === 'inventory' ? view.filters : undefined} />
            {view.screen === 'vehicle' && <VehicleDetailScreen reference={view.reference} />}
            {view.screen === 'plan' && <PlanScreen />}
            {view.screen === 'attention' && <AttentionScreen />}
            {view.screen === 'insights' && <InsightsScreen />}
            {view.screen === 'sold' && <SoldScreen />}
            {view.screen === 'history' && <SyncHistoryScreen key={view.run ?? ''} run={view.run} />}
            {view.screen === 'settings' && <SettingsScreen />}
          </main>
        </div>
      </div>
      <Notices notices={notices} dismiss={dismiss} />
    </AppContext.Provider>
  );
}

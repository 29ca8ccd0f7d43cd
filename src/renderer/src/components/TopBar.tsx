// Top bar: account, connectivity, last sync, Sync button.
import { useTranslation } from 'react-i18next';
import { useApp } from '../AppContext';
import { useFormat } from '../hooks/useFormat';
import { useNow } from '../hooks/useNow';
import { SyncControls } from './SyncControls';

export function TopBar() {
  const { t } = useTranslation();
  const { account, sync } = useApp();
  const f = useFormat();
  const now = useNow();
  const last = sync.lastSuccessAt ?? account.lastSyncAt;
  return (
    <header className="topbar">
      <div className="topbar__account">
        <span className="sr-only">{t('topbar.accountLabel')}: </span>
        <strong>{account.name}</strong>
        {account.demo && <span className="badge badge--accent">{t('topbar.demo')}</span>}
      </div>
      <div className="topbar__status">
        {sync.online === false && (
          <span className="connectivity connectivity--offline" data-online="false" title={t('topbar.offlineHint')} role="status">
            <span className="dot" aria-hidden="true" />
            {t('topbar.offline')}
          </span>
        )}
        {sync.online === true && (
          <span className="connectivity" data-online="true">
            <span className="dot" aria-hidden="true" />
            {t('topbar.online')}
          </span>
        )}
        {sync.statusError !== null && (
          <span className="error-text small" role="status" title={sync.statusError.message}>
            {t('topbar.statusUnknown')}
          </span>
        )}
        <span className="topbar__last" title={last ? f.dateTime(last) : undefined}>
          {last ? t('topbar.lastSynced', { when: f.relative(last, now) }) : t('topbar.neverSynced')}
        </span>
      </div>
      <SyncControls />
    </header>
  );
}

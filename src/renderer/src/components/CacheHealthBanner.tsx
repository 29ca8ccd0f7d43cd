// The local copy of the inventory is damaged (offer the rebuild, and say what it keeps), or was
// found empty or replaced (say so, and what became of the queued unpublishes).
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CacheHealthView } from '../../../shared/views';
import { api } from '../api';
import { useApp } from '../AppContext';
import { useApiEvent } from '../hooks/useApiEvent';
import { useFormat } from '../hooks/useFormat';

export function CacheHealthBanner() {
  const { t } = useTranslation();
  const { account, notify, reportError } = useApp();
  const { dateTime } = useFormat();
  const [health, setHealth] = useState<CacheHealthView | null>(null);
  const [rebuilding, setRebuilding] = useState(false);

  const refresh = useCallback(() => {
    api.call('cache.health', {}).then(setHealth, () => setHealth(null));
  }, []);
  useEffect(refresh, [refresh, account.id]);
  useApiEvent('cache.changed', refresh);

  const rebuild = async () => {
    setRebuilding(true);
    try {
      const result = await api.call('cache.rebuild', {});
      notify('success', result.syncStarted ? t('cacheHealth.rebuilt', { count: result.pendingKept, runs: result.runsKept }) : t('cacheHealth.rebuiltOffline'));
    } catch (error) {
      reportError(error);
    } finally {
      setRebuilding(false);
      refresh();
    }
  };

  if (health?.damaged) {
    return (
      <div className="banner banner--danger" role="alert">
        <div>
          <strong>{t('cacheHealth.damagedTitle')}</strong>
          <p>{t('cacheHealth.damagedBody')}</p>
        </div>
        <button type="button" className="button button--primary" disabled={rebuilding} onClick={() => void rebuild()}>
          {rebuilding ? t('cacheHealth.rebuilding') : t('cacheHealth.rebuild')}
        </button>
      </div>
    );
  }
  const notice = health?.notice;
  if (!notice) return null;
  const at = dateTime(notice.at);
  const [title, body] =
    notice.kind === 'local_lost'
      ? [t('cacheHealth.localLostTitle'), t('cacheHealth.localLostBody', { at })]
      : notice.kind === 'reset'
        ? [t('cacheHealth.resetTitle'), t('cacheHealth.resetBody', { at, count: notice.pendingKept })]
        : [t('cacheHealth.replacedTitle'), t('cacheHealth.replacedBody', { at, count: notice.pendingKept })];
  const dismiss = () => {
    api.call('cache.dismissNotice', {}).then(refresh, reportError);
  };
  return (
    <div className={`banner${notice.kind === 'local_lost' ? ' banner--danger' : ''}`} role="status">
      <div>
        <strong>{title}</strong>
        <p>{body}</p>
      </div>
      <button type="button" className="button" onClick={dismiss}>
        {t('cacheHealth.dismiss')}
      </button>
    </div>
  );
}

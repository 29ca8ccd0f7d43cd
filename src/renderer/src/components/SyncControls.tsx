// The Sync button (always in view), its progress and Cancel.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../AppContext';
import { useSyncProgress, useSyncRunning } from '../hooks/syncProgress';
import { Meter } from './Meter';

export function SyncControls() {
  const { t } = useTranslation();
  const { sync } = useApp();
  const running = useSyncRunning(sync.progressStore);
  const { start } = sync;

  // F5 syncs (Ctrl/Cmd+R is left alone: Electron's default menu reloads the window with it).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F5' && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        if (!running) void start(e.shiftKey);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [running, start]);

  return (
    <div className="sync-controls">
      {running ? (
        <button type="button" className="button" onClick={() => void sync.cancel()}>
          {t('sync.cancel')}
        </button>
      ) : (
        <>
          <button type="button" className="button button--primary" title={t('sync.tooltip')} aria-keyshortcuts="F5" onClick={() => void sync.start(false)}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path
                fill="currentColor"
                d="M12 4a8 8 0 0 1 7.4 5H17v2h6V5h-2v2.3A10 10 0 0 0 2 12h2a8 8 0 0 1 8-8Zm8 8a8 8 0 0 1-15.4 3H7v-2H1v6h2v-2.3A10 10 0 0 0 22 12h-2Z"
              />
            </svg>
            {t('sync.button')}
          </button>
          <button type="button" className="button button--ghost" title={t('sync.fullTooltip')} onClick={() => void sync.start(true)}>
            {t('sync.full')}
          </button>
        </>
      )}
    </div>
  );
}

/** The running sync in words and bars; rendered under the top bar while a sync runs. */
export function SyncProgressPanel() {
  const { t } = useTranslation();
  const { sync } = useApp();
  const { progress: p, starting } = useSyncProgress(sync.progressStore);
  if (!p && !starting) return null;
  const phase = p?.phase ?? 'outbox';
  const waitSeconds = p?.waitingMs != null ? Math.ceil(p.waitingMs / 1000) : null;
  return (
    <section className="sync-progress" data-phase={phase} aria-label={t('sync.progressLabel')}>
      <div className="sync-progress__phase" aria-live="polite">
        {t(`sync.phase.${phase}`)}
        {waitSeconds != null && (
          <span className="sync-progress__wait">
            {' · '}
            {t(`sync.wait.${p?.waitReason ?? 'rate_limit'}`, { seconds: waitSeconds })}
          </span>
        )}
      </div>
      <div className="sync-progress__bars">
        <Meter
          label={t('sync.pages', { done: p?.pagesDone ?? 0, total: p?.pagesTotal || '?' })}
          value={p?.pagesDone ?? 0}
          max={p?.pagesTotal ?? 0}
          valueText=""
          indeterminate={!p || p.pagesTotal === 0}
        />
        <Meter
          label={t('sync.vehicles', { done: p?.vehiclesDone ?? 0, total: p?.vehiclesTotal || '?' })}
          value={p?.vehiclesDone ?? 0}
          max={p?.vehiclesTotal ?? 0}
          valueText=""
          indeterminate={!p || p.vehiclesTotal === 0}
        />
        {p?.photosTotal != null && p.photosTotal > 0 && (
          <Meter label={t('sync.photos', { done: p.photosDone ?? 0, total: p.photosTotal })} value={p.photosDone ?? 0} max={p.photosTotal} valueText="" />
        )}
      </div>
    </section>
  );
}

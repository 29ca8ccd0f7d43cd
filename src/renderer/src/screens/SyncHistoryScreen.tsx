// Sync history: the last run's summary and a table of runs; each run opens into the listings it changed.
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../AppContext';
import { EmptyState } from '../components/EmptyState';
import { ErrorBox } from '../components/ErrorBox';
import { RunChanges } from '../components/RunChanges';
import { useRunSummary } from '../components/RunSummary';
import { ScrollRegion } from '../components/ScrollRegion';
import { useCodedText } from '../hooks/useCodedText';
import { useFormat } from '../hooks/useFormat';
import { PUBLICATION_ACTIONS, type SyncRunView } from '../../../shared/views';
import { useChannel } from '../query/useChannel';

export function SyncHistoryScreen({ run: openRun }: { run?: string | undefined }) {
  const { t, i18n } = useTranslation();
  const { navigate } = useApp();
  const openListing = (reference: string) => navigate({ screen: 'vehicle', reference });
  // The runs opened into their listings; the one named by the navigation starts open.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(openRun === undefined ? [] : [openRun]));
  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const codedText = useCodedText();
  const f = useFormat();
  const summarize = useRunSummary();
  // Each kind of request the run sent from the outbox, in words (a run from before they were counted by kind: all under unpublish).
  const sentByKind = (counts: SyncRunView['counts']): string =>
    PUBLICATION_ACTIONS.filter((action) => counts[`${action}Sent`] > 0)
      .map((action) => t(`codes.syncNotes.${action}Sent`, { count: counts[`${action}Sent`] }))
      .join(' ');
  // Re-read on sync.finished and account changes (query/invalidation.ts).
  const { data: runs = null, error, refetch } = useChannel('sync.history', { limit: 100 });

  const last = runs?.[0];
  return (
    <section className="page page--wide" aria-labelledby="history-title">
      <header className="page__header">
        <h1 id="history-title">{t('history.title')}</h1>
      </header>
      {error !== null && <ErrorBox error={error} onRetry={() => void refetch()} />}
      {runs !== null && runs.length === 0 && <EmptyState title={t('history.empty')} />}
      {last && (
        <div className={`card run-card run-card--${last.outcome}`} data-outcome={last.outcome}>
          <h2>
            {t('history.lastRun')}: {t(`sync.outcome.${last.outcome}`)}
          </h2>
          <p className="muted">
            {f.dateTime(last.startedAt)} · {t(`sync.kind.${last.kind}`)}
          </p>
          <p>{summarize(last.counts)}</p>
          {last.outcome === 'succeeded' && !expanded.has(last.id) && <RunChanges runId={last.id} onOpen={openListing} />}
          {last.error && (
            <p className="error-text">
              {t(`errors.kind.${last.error.kind}`)} {codedText(last.error) ?? (i18n.language === 'en' ? last.error.message : '')}
            </p>
          )}
          {last.dataProblems.length > 0 && (
            <div className="callout callout--warn" data-testid="run-data-problems">
              <p>{t('history.dataProblems', { count: last.dataProblems.length })}</p>
              <ul className="callout__detail">
                {last.dataProblems.map((p, i) => (
                  <li key={i}>
                    {t(`history.dataProblem.${p.problem}`)} <code>{p.excerpt}</code>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      {runs && runs.length > 0 && (
        <ScrollRegion className="table-wrap" label={t('history.tableLabel')}>
          <table className="table table--history">
            <thead>
              <tr>
                <th scope="col">{t('history.columns.started')}</th>
                {/* Second, so the action stays on screen where the counts scroll sideways (150% zoom). */}
                <th scope="col">{t('history.columns.listings')}</th>
                <th scope="col">{t('history.columns.kind')}</th>
                <th scope="col">{t('history.columns.outcome')}</th>
                <th scope="col">{t('history.columns.duration')}</th>
                <th scope="col" className="num">
                  {t('history.columns.added')}
                </th>
                <th scope="col" className="num">
                  {t('history.columns.changed')}
                </th>
                <th scope="col" className="num">
                  {t('history.columns.sold')}
                </th>
                <th scope="col" className="num">
                  {t('history.columns.removed')}
                </th>
                <th scope="col" className="num">
                  {t('history.columns.dropped')}
                </th>
                <th scope="col" className="num" title={t('history.columns.sentLong')}>
                  {t('history.columns.sent')}
                </th>
                <th scope="col" className="num">
                  {t('history.columns.failed')}
                </th>
                <th scope="col" className="num">
                  {t('history.columns.unidentified')}
                </th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <Fragment key={run.id}>
                  <tr data-outcome={run.outcome} data-run={run.id}>
                    <td>{f.listDateTime(run.startedAt)}</td>
                    <td>
                      <button type="button" className="link-button" aria-expanded={expanded.has(run.id)} onClick={() => toggle(run.id)}>
                        {t(expanded.has(run.id) ? 'history.hideListings' : 'history.showListings')}
                      </button>
                    </td>
                    <td>{t(`sync.kind.${run.kind}`)}</td>
                    <td>
                      <span
                        className={`badge badge--${run.outcome === 'succeeded' ? 'ok' : run.outcome === 'failed' ? 'danger' : 'neutral'}`}
                        title={run.error ? (codedText(run.error) ?? run.error.message) : undefined}
                      >
                        {t(`sync.outcome.${run.outcome}`)}
                      </span>
                    </td>
                    <td>{run.endedAt ? f.duration(Date.parse(run.endedAt) - Date.parse(run.startedAt)) : '—'}</td>
                    <td className="num">{f.number(run.counts.added)}</td>
                    <td className="num">{f.number(run.counts.changed)}</td>
                    <td className="num">{f.number(run.counts.sold)}</td>
                    <td className="num">{f.number(run.counts.removed)}</td>
                    <td className="num">{f.number(run.counts.droppedByPortal)}</td>
                    <td className="num" data-testid="run-sent" title={sentByKind(run.counts) || undefined}>
                      {f.number(PUBLICATION_ACTIONS.reduce((sum, action) => sum + run.counts[`${action}Sent`], 0))}
                    </td>
                    <td className="num">{f.number(run.counts.failed)}</td>
                    <td className="num">{f.number(run.dataProblems.length)}</td>
                  </tr>
                  {expanded.has(run.id) && (
                    <tr className="run-changes__row">
                      <td colSpan={12}>
                        <RunChanges runId={run.id} onOpen={openListing} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

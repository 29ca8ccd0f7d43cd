// Needs attention: the listings that need the dealer, one section per reason (most urgent first)
// with what fixes it, each listing with its other reasons. The reasons are computed by the cache
// (shared/attention.ts): a section is the inventory filtered by its first reason, so a listing
// shows once, under its most urgent reason.
import { useTranslation } from 'react-i18next';
import { ATTENTION_REASONS, isSuggestion, refusalMessage, type AttentionReason } from '../../../shared/attention';
import { useApp } from '../AppContext';
import { EmptyState } from '../components/EmptyState';
import { PhotosAgainForAll } from '../components/PhotosAgainForAll';
import { ErrorBox } from '../components/ErrorBox';
import { useFormat } from '../hooks/useFormat';
import { useChannel } from '../query/useChannel';

/** Listings shown per reason; the inventory's filter shows them all. */
export const SHOWN_PER_REASON = 50;

export function AttentionScreen() {
  const { t } = useTranslation();
  const { data: summary = null, error, refetch } = useChannel('inventory.summary', {});
  return (
    <section className="page attention" aria-labelledby="attention-title">
      <header className="page__header">
        <h1 id="attention-title">{t('attention.title')}</h1>
      </header>
      <p className="muted">{t('attention.intro')}</p>
      {error !== null && <ErrorBox error={error} onRetry={() => void refetch()} />}
      {summary !== null && summary.needsAttention === 0 && <EmptyState title={t('attention.empty')} />}
      {summary !== null && summary.needsAttention > 0 && <p data-testid="attention-count">{t('codes.attention.count', { count: summary.needsAttention })}</p>}
      {/* Each reason shows itself when it has listings: suggestions (fewer photos) too, though not counted. */}
      {summary !== null && ATTENTION_REASONS.map((reason) => <ReasonSection key={reason} reason={reason} />)}
    </section>
  );
}

function ReasonSection({ reason }: { reason: AttentionReason }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { navigate } = useApp();
  const { data, error, refetch } = useChannel('inventory.query', {
    text: '',
    filters: { attention: [reason] },
    window: { offset: 0, limit: SHOWN_PER_REASON },
  });
  if (error !== null) return <ErrorBox error={error} onRetry={() => void refetch()} />;
  if (data === undefined || data.total === 0) return null;
  const titleId = `attention-${reason}`;
  return (
    <section className="card attention__reason" aria-labelledby={titleId} data-reason={reason}>
      <h2 id={titleId}>
        {t(`codes.attentionReason.${reason}`)} ({f.number(data.total)})
      </h2>
      {/* Not in the count above nor beside "Needs attention": say so, or 9 and a section of 111 disagree. */}
      {isSuggestion(reason) && (
        <p className="muted" data-testid="attention-suggestion">
          {t('codes.attention.suggestion')}
        </p>
      )}
      <p>
        <strong>{t('attention.fixLabel')}</strong> {t(`codes.attentionFix.${reason}`)}
      </p>
      {reason === 'rejectedPhotos' && <PhotosAgainForAll />}
      <ul className="attention__list">
        {data.rows.map((row) => {
          const others = row.attention.filter((r) => r !== reason);
          const portalSaid = refusalMessage(row.publication);
          return (
            <li key={row.reference} data-reference={row.reference}>
              <button type="button" className="link-button" onClick={() => navigate({ screen: 'vehicle', reference: row.reference })}>
                {row.reference} · {row.title ?? '—'}
              </button>
              {portalSaid && (
                // The portal's own words, as kept when it refused (they say it was refused).
                <span className="attention__said" data-testid="portal-said">
                  {' '}
                  — {portalSaid}
                </span>
              )}
              {others.length > 0 && (
                <span className="muted"> — {t('codes.attention.also', { reasons: others.map((r) => t(`codes.attentionReason.${r}`)).join(', ') })}</span>
              )}
            </li>
          );
        })}
      </ul>
      {data.total > data.rows.length && (
        <p className="muted">
          {t('attention.more', { shown: f.number(data.rows.length), total: f.number(data.total) })}{' '}
          <button type="button" className="link-button" onClick={() => navigate({ screen: 'inventory', filters: { attention: [reason] } })}>
            {t('attention.showAll', { total: f.number(data.total) })}
          </button>
        </p>
      )}
    </section>
  );
}

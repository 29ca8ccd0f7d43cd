// The plan: listings and highlights used of their limits, photos per listing; warns near the limit.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlanView } from '../../../shared/views';
import { api } from '../api';
import { EmptyState } from '../components/EmptyState';
import { ErrorBox } from '../components/ErrorBox';
import { Meter } from '../components/Meter';
import { useFormat } from '../hooks/useFormat';
import { useNow } from '../hooks/useNow';
import { channelKey, useChannel } from '../query/useChannel';

const NEAR = 0.9;

export function PlanScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const now = useNow();
  const client = useQueryClient();
  // The copy main holds (re-read when a sync or the cache changes it); Refresh asks the portal.
  const stored = useChannel('plan.get', {});
  const refresh = useMutation({
    mutationFn: () => api.call('plan.get', { refresh: true }),
    onSuccess: (fresh) => client.setQueryData(channelKey('plan.get', {}), fresh),
  });
  const plan: PlanView | null | undefined = stored.data;
  const error = refresh.error ?? stored.error;
  const busy = refresh.isPending || stored.isFetching;

  const ratio = (used: number, limit: number) => (limit > 0 ? used / limit : 0);
  const tone = (r: number) => (r >= 1 ? 'danger' : r >= NEAR ? 'warn' : 'normal');

  return (
    <section className="page" aria-labelledby="plan-title">
      <header className="page__header">
        <h1 id="plan-title">{t('plan.title')}</h1>
        <button type="button" className="button" onClick={() => refresh.mutate()} disabled={busy}>
          {t('plan.refresh')}
        </button>
      </header>
      {error !== null && <ErrorBox error={error} onRetry={refresh.error ? () => refresh.mutate() : () => void stored.refetch()} />}
      {plan === null && <EmptyState title={t('plan.none')} />}
      {plan && (
        <div className="card plan">
          <h2>{plan.usage.name}</h2>
          <p className="muted small">
            {plan.live ? t('plan.live', { when: f.relative(plan.fetchedAt, now) }) : t('plan.fromSync', { when: f.relative(plan.fetchedAt, now) })}
          </p>
          {(() => {
            const { listings, highlights } = plan.usage;
            const rl = ratio(listings.used, listings.limit);
            const rh = ratio(highlights.used, highlights.limit);
            const worst = Math.max(rl, rh);
            return (
              <>
                <Meter
                  label={t('plan.listings')}
                  value={listings.used}
                  max={listings.limit}
                  valueText={t('plan.usage', { used: f.number(listings.used), limit: f.number(listings.limit) })}
                  tone={tone(rl)}
                />
                <Meter
                  label={t('plan.highlights')}
                  value={highlights.used}
                  max={highlights.limit}
                  valueText={t('plan.usage', { used: f.number(highlights.used), limit: f.number(highlights.limit) })}
                  tone={tone(rh)}
                />
                <div className="plan__pictures">
                  <span>{t('plan.pictures')}</span>
                  <strong>{f.number(plan.usage.picturesPerListing)}</strong>
                </div>
                {worst >= NEAR && (
                  <div className={`callout ${worst >= 1 ? 'callout--danger' : 'callout--warn'}`} role="alert">
                    <p>{worst >= 1 ? t('plan.atLimit') : t('plan.nearLimit')}</p>
                  </div>
                )}
                <p className="muted small">{t('plan.lagNote')}</p>
              </>
            );
          })()}
          <ExtraPlanFields raw={plan.raw} />
        </div>
      )}
    </section>
  );
}

/** The portal may send more than the documented fields: show them too, as text. */
function ExtraPlanFields({ raw }: { raw: PlanView['raw'] }) {
  const { t } = useTranslation();
  const known: Record<string, readonly string[]> = {
    currentPlan: ['name', 'pictureQuantity', 'adsQuantity', 'highlightsQuantity'],
    available: ['adsQuantity', 'highlightsQuantity'],
  };
  const extra: [string, unknown][] = [];
  for (const [key, value] of Object.entries(raw)) {
    const knownKeys = known[key];
    if (!knownKeys) extra.push([key, value]);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (!knownKeys.includes(k)) extra.push([`${key}.${k}`, v]);
  }
  if (extra.length === 0) return null;
  return (
    <details className="plan__extra">
      <summary>{t('plan.extra')}</summary>
      <dl className="fields">
        {extra.map(([k, v]) => (
          <div className="fields__item" key={k}>
            <dt className="mono">{k}</dt>
            <dd className="mono break">{typeof v === 'string' ? v : JSON.stringify(v)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

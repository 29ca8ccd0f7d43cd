// Where the listing stands on the portal, in words, with the listing address, the dealer's latest
// request (any action: queued, pending or refused with the portal's message), the actions the
// listing allows, and its history with who caused each change.
import { useTranslation } from 'react-i18next';
import type { PublicationAction, PublicationEventView, PublicationStateView, RoomLeft } from '../../../shared/views';
import { useFormat } from '../hooks/useFormat';
import { actionsFor } from '../logic/publicationActions';

interface Props {
  state: PublicationStateView;
  url: string | undefined;
  history: readonly PublicationEventView[];
  onOpenUrl: (url: string) => void;
  onRequest: (action: PublicationAction) => void;
  /** Takes back the listing's requests not sent yet (the pending-change ledger). */
  onDiscard: () => void;
  /** The plan's listing slots left as the last read saw them (null: not read yet). */
  listingRoom?: RoomLeft | null;
}

/** What puts a listing that is off the portal back on it, with the plan's room when known. */
function NextStep({ state, room }: { state: PublicationStateView; room: RoomLeft | null }) {
  const { t } = useTranslation();
  const text =
    state.notOnPortalReason === 'inactive'
      ? t('detail.nextStep.inactive')
      : room === null
        ? t('detail.nextStep.publish')
        : room.left > 0
          ? t('detail.nextStep.room', { count: room.left })
          : t('detail.nextStep.noRoom');
  return <p data-testid="next-step">{text}</p>;
}

/** Only web pages open in the browser. */
const isWebAddress = (url: string): boolean => /^https?:\/\//i.test(url.trim());

export function PublicationPanel({ state, url, history, onOpenUrl, onRequest, onDiscard, listingRoom = null }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  // A request on its way is waited for before another of its kind; one refused or not applied can be sent again.
  const actions = actionsFor(state);
  const other = state.request && state.request.action !== 'unpublish' ? state.request : null;

  let text: string;
  let tone: 'ok' | 'warn' | 'danger' | 'info';
  if (state.unpublish === 'pending') [text, tone] = [t('detail.state.pending'), 'info'];
  else if (state.unpublish === 'queued') [text, tone] = [t('detail.state.queued'), 'info'];
  else if (state.onPortal) [text, tone] = [state.highlighted ? t('detail.state.onHighlighted') : t('detail.state.on'), 'ok'];
  else
    [text, tone] = [
      t('detail.state.off', { reason: t(`badges.reason.${state.notOnPortalReason ?? 'unknown'}`) }),
      state.notOnPortalReason === 'droppedByPlan' ? 'danger' : 'warn',
    ];

  return (
    <section className="detail-section" aria-labelledby="sec-publication">
      <h2 id="sec-publication">{t('detail.sections.publication')}</h2>
      <div className={`callout callout--${tone}`} data-on-portal={state.onPortal} data-unpublish={state.unpublish} data-reason={state.notOnPortalReason ?? ''}>
        <p>{text}</p>
        {actions.includes('publish') && <NextStep state={state} room={listingRoom} />}
        {state.unpublish === 'refused' && (
          <p className="callout__strong" role="alert">
            {state.unpublishMessage ? t('detail.state.refused', { message: state.unpublishMessage }) : t('detail.state.refusedNoMessage')}
          </p>
        )}
        {other && (
          <p
            className={other.status === 'refused' || other.status === 'not_applied' ? 'callout__strong' : undefined}
            role={other.status === 'refused' || other.status === 'not_applied' ? 'alert' : undefined}
            data-request={other.action}
          >
            {t(other.status === 'refused' && !other.message ? 'detail.request.refusedNoMessage' : `detail.request.${other.status}`, {
              action: t(`detail.request.${other.action}`),
              message: other.message ?? '',
            })}
          </p>
        )}
      </div>
      <div className="detail-actions">
        {url && isWebAddress(url) ? (
          <button type="button" className="button" onClick={() => onOpenUrl(url)} title={url}>
            {t('detail.openListing')} ↗
          </button>
        ) : url ? (
          // Shown as text, never as a link: only http(s) addresses open (main refuses the rest too).
          <p className="muted">{t('detail.urlNotWeb', { url })}</p>
        ) : (
          <p className="muted">{t('detail.urlPending')}</p>
        )}
        {state.request?.status === 'queued' && (
          <button type="button" className="button" onClick={onDiscard}>
            {t('codes.ledger.discard')}
          </button>
        )}
        {actions.map((action) => (
          <button key={action} type="button" className={`button${action === 'unpublish' ? ' button--danger' : ''}`} onClick={() => onRequest(action)}>
            {t(`detail.request.${action}`)}
          </button>
        ))}
      </div>
      {url && <p className="mono break small muted">{url}</p>}
      <h3>{t('detail.sections.history')}</h3>
      {history.length === 0 ? (
        <p className="muted">{t('detail.historyEmpty')}</p>
      ) : (
        <ol className="timeline">
          {history.map((e, i) => (
            <li key={`${e.at}-${i}`} data-change={e.change}>
              <time dateTime={e.at}>{f.dateTime(e.at)}</time>
              <span>
                {t(`detail.change.${e.change}`)}
                {e.cause && ` — ${t(`badges.reason.${e.cause}`)}`}
                {e.by && e.cause === null && !e.change.includes('_') && ` — ${t(`detail.by.${e.by}`)}`}
                {e.message && <span className="muted"> ({e.message})</span>}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

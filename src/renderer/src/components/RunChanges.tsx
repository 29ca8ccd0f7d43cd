// The listings one sync run added, changed, saw dropped by the portal or removed, with the fields
// that changed; a listing still in the inventory opens its detail. Texts: `codes.changes.*`.
import { useTranslation } from 'react-i18next';
import { changesNotice, listingChangeTexts } from '../../../shared/i18n/change-text';
import { CHANGES_KEPT_PER_RUN, LISTING_CHANGE_KINDS, type ListingChange, type SyncChangesView } from '../../../shared/listing-changes';
import { useFormat } from '../hooks/useFormat';
import { useChannel } from '../query/useChannel';
import { ErrorBox } from './ErrorBox';

function Listing({ change, onOpen }: { change: ListingChange; onOpen: (reference: string) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const name = `${change.reference}${change.title ? ` · ${change.title}` : ''}`;
  return (
    <li className="run-changes__item" data-reference={change.reference} data-kind={change.kind}>
      {change.kind === 'removed' ? (
        <span>{name}</span>
      ) : (
        <button type="button" className="link-button" onClick={() => onOpen(change.reference)} title={t('codes.changes.open', { reference: change.reference })}>
          {name}
        </button>
      )}
      {listingChangeTexts(f.language, change).map((text) => (
        <span key={text} className="run-changes__field muted">
          {text}
        </span>
      ))}
    </li>
  );
}

function Groups({ view, onOpen }: { view: SyncChangesView; onOpen: (reference: string) => void }) {
  const { t } = useTranslation();
  const notice = changesNotice(view);
  if (notice) return <p className="muted">{t(`codes.${notice.code}`, { ...notice.params })}</p>;
  return (
    <>
      {LISTING_CHANGE_KINDS.map((kind) => {
        const ofKind = view.changes.filter((c) => c.kind === kind);
        if (ofKind.length === 0) return null;
        return (
          <section key={kind} className="run-changes__group" data-kind={kind}>
            <h3>
              {t(`codes.changes.${kind}`)} ({ofKind.length})
            </h3>
            <ul className="run-changes__list">
              {ofKind.map((change) => (
                <Listing key={change.reference} change={change} onOpen={onOpen} />
              ))}
            </ul>
          </section>
        );
      })}
      {view.notKept > 0 && <p className="muted">{t('codes.changes.notKept', { count: view.notKept, max: CHANGES_KEPT_PER_RUN })}</p>}
    </>
  );
}

export function RunChanges({ runId, onOpen }: { runId: string; onOpen: (reference: string) => void }) {
  const { t } = useTranslation();
  const { data, error, refetch } = useChannel('sync.changes', { runId });
  return (
    <div className="run-changes" data-testid="run-changes" aria-label={t('codes.changes.title', { run: runId })}>
      {error !== null && <ErrorBox error={error} onRetry={() => void refetch()} />}
      {data && <Groups view={data} onOpen={onOpen} />}
    </div>
  );
}

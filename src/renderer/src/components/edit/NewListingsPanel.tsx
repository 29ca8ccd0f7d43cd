// The new listings not on the portal yet, above the inventory: each as a draft (open it again, or
// discard it), being created (the portal queues it; a sync brings it into the inventory), or
// refused (open it to correct the fields the portal, or Showroom's own checks, name). Nothing shows when there are none.
import { useTranslation } from 'react-i18next';
import type { NewListingState, NewListingView } from '../../../../shared/pending-changes';
import { useApp } from '../../AppContext';
import { discardNewListing } from '../../hooks/listingEditChannels';
import { useChannel } from '../../query/useChannel';
import { Badge, type BadgeTone } from '../Badge';

const TONE: Record<NewListingState, BadgeTone> = { draft: 'neutral', creating: 'info', refused: 'danger' };

interface Props {
  onOpen: (saved: NewListingView) => void;
}

export function NewListingsPanel({ onOpen }: Props) {
  const { t } = useTranslation();
  const { reportError } = useApp();
  const listings = useChannel('changes.newListings', {}).data ?? [];
  if (listings.length === 0) return null;
  return (
    <section className="new-listings" aria-labelledby="new-listings-title" data-testid="new-listings">
      <h2 id="new-listings-title" className="new-listings__title">
        {t('newListing.pending')} <span className="pill">{listings.length}</span>
      </h2>
      <p className="muted small">{t('newListing.pendingHint')}</p>
      <ul className="new-listings__list">
        {listings.map((n) => (
          <li key={n.changeId} className="new-listings__item" data-reference={n.reference} data-state={n.state}>
            <span className="mono">{n.reference}</span>
            <span className="new-listings__name">
              {typeof n.listing.title === 'string' && n.listing.title !== '' ? n.listing.title : t('newListing.untitled')}
            </span>
            <Badge tone={TONE[n.state]} explain={t(`newListing.stateHint.${n.checks === null ? n.state : 'refusedByChecks'}`)}>
              {t(`newListing.state.${n.checks === null ? n.state : 'refusedByChecks'}`)}
            </Badge>
            {n.state !== 'creating' && (
              <button type="button" className="button" aria-haspopup="dialog" onClick={() => onOpen(n)}>
                {t('newListing.openDraft')}
                <span className="sr-only"> {n.reference}</span>
              </button>
            )}
            {n.discardable && (
              <button type="button" className="button" onClick={() => void discardNewListing(n.changeId).catch(reportError)}>
                {t('newListing.discard')}
                <span className="sr-only"> {n.reference}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

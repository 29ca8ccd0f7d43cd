// The listing form opened to create one: blank, from a listing of the inventory (Duplicate: its
// fields and, if the dealer keeps them, its photos; a new reference to give), or a new listing saved
// earlier (a draft, or one the portal refused: its words shown on their fields). Saved whole
// through the create channel; the plan's picture limit bounds the photos.
import type { NewListingView } from '../../../../shared/pending-changes';
import { trimPath } from '../../../../shared/catalogue';
import type { ListingWrite } from '../../../../shared/listing-write';
import { VEHICLE_LIMITS } from '../../../../shared/vehicle';
import type { VehicleDetailView } from '../../../../shared/views';
import { saveNewListing } from '../../hooks/listingEditChannels';
import { blankDraft, draftOf, draftOfWrite } from '../../logic/editDraft';
import { photoLimit, photoSlots, slotsOfSources } from '../../logic/photoSlots';
import { useChannel } from '../../query/useChannel';
import { EditListingDialog } from './EditListingDialog';

export type NewListingFrom = { blank: true } | { duplicate: VehicleDetailView } | { saved: NewListingView };

interface Props {
  from: NewListingFrom;
  onClose: () => void;
}

const sourcesOf = (pictures: unknown): string[] =>
  Array.isArray(pictures) ? pictures.flatMap((p: unknown) => (p !== null && typeof p === 'object' && 'source' in p ? [String(p.source)] : [])) : [];

export function NewListingDialog({ from, onClose }: Props) {
  const plan = useChannel('plan.get', {}).data;
  const catalogue = useChannel('catalogue.get', {}).data;
  const maxPhotos = photoLimit(plan?.usage.picturesPerListing, VEHICLE_LIMITS.picturesMax);
  const common = { maxPhotos, knownGaps: new Set<string>(), onClose };

  if ('duplicate' in from) {
    const detail = from.duplicate;
    // The photos the portal holds, by address; a rejected one's gap is not carried over.
    const photos = photoSlots(detail.photos, []);
    return (
      <EditListingDialog
        {...common}
        reference={detail.reference}
        vehicle={detail.vehicle}
        create={{ reference: '', type: detail.vehicle.type ?? '', duplicateOf: detail.reference }}
        initial={draftOf(detail.vehicle, photos)}
        refusal={[]}
        refusedWhole={null}
        onSave={(fields) => saveNewListing(fields as ListingWrite, null)}
      />
    );
  }
  if ('saved' in from) {
    const saved = from.saved;
    const listing = saved.listing;
    const trimId = typeof listing.trimId === 'number' ? listing.trimId : null;
    // Wait for the catalogue, so the brand and model of the saved version can be shown.
    if (catalogue === undefined) return null;
    const path = trimId === null ? null : trimPath(catalogue, trimId);
    const type = typeof listing.type === 'string' ? listing.type : '';
    return (
      <EditListingDialog
        {...common}
        reference={saved.reference}
        vehicle={null}
        create={{ reference: saved.reference, type, duplicateOf: null }}
        initial={draftOfWrite(listing, slotsOfSources(sourcesOf(listing.pictures), []), path)}
        refusal={Object.entries(saved.refusals).map(([field, message]) => ({ field, message }))}
        refusedWhole={saved.state === 'refused' && Object.keys(saved.refusals).length === 0 ? saved.error : null}
        checked={saved.checks ?? []}
        onSave={(fields) => saveNewListing(fields as ListingWrite, saved.changeId)}
      />
    );
  }
  return (
    <EditListingDialog
      {...common}
      reference=""
      vehicle={null}
      create={{ reference: '', type: 'C', duplicateOf: null }}
      initial={blankDraft()}
      refusal={[]}
      refusedWhole={null}
      onSave={(fields) => saveNewListing(fields as ListingWrite, null)}
    />
  );
}

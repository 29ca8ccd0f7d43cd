// The edit form and the conflict view for the listing on screen, fed from its detail: the form
// opens on the listing as it shows here (a pending edit over it, the video link kept here, the
// photos with their gaps), limited to the plan's photos; both save through the edit channels.
import { VEHICLE_LIMITS } from '../../../../shared/vehicle';
import type { VehicleDetailView } from '../../../../shared/views';
import {
  canSendPhotosAgain,
  conflictsOf,
  editedValues,
  keptVideoUrl,
  refusalsOf,
  resolveConflict,
  saveEdit,
  useCatalogue,
  type CatalogueItem,
  type PendingEditView,
} from '../../hooks/listingEditChannels';
import { draftOf } from '../../logic/editDraft';
import { photoLimit, photoSlots, slotsOfSources } from '../../logic/photoSlots';
import { useChannel } from '../../query/useChannel';
import { ConflictDialog } from './ConflictDialog';
import { EditListingDialog } from './EditListingDialog';
import type { CatalogueNames } from './writeFieldText';

export type EditDialog = 'edit' | 'conflict' | null;

interface Props {
  detail: VehicleDetailView;
  edit: PendingEditView | null;
  open: EditDialog;
  onClose: () => void;
}

const table = (items: readonly CatalogueItem[] | null | undefined, own: readonly CatalogueItem[] | undefined) =>
  new Map([...(own ?? []), ...(items ?? [])].map((i) => [i.id, i.name]));

/** Names of the catalogue's ids, the listing's own where the catalogue is not kept here. */
export function useCatalogueNames(detail: VehicleDetailView): CatalogueNames {
  const lists = useCatalogue(detail.vehicle.type).data;
  const v = detail.vehicle;
  return {
    accessories: table(lists.accessories, v.accessories),
    otherInfos: table(lists.otherInfos, v.otherInfos),
    trims: table(null, v.trim ? [v.trim] : []),
  };
}

/** Nothing is read (catalogue, plan) until a dialog opens. */
export function ListingEditDialogs(props: Props) {
  return props.open === null ? null : <OpenDialog {...props} open={props.open} />;
}

function OpenDialog({ detail, edit, open, onClose }: Props & { open: NonNullable<EditDialog> }) {
  const plan = useChannel('plan.get', {}).data;
  const names = useCatalogueNames(detail);

  const conflicts = conflictsOf(edit);
  // Resolved meanwhile (another window, the command line): nothing left to choose.
  if (open === 'conflict' && conflicts.length === 0) return null;
  if (open === 'conflict')
    return (
      <ConflictDialog
        reference={detail.reference}
        conflicts={conflicts}
        names={names}
        onResolve={async (keep) => {
          await resolveConflict(detail.reference, keep);
        }}
        onClose={onClose}
      />
    );

  const held = photoSlots(detail.photos, detail.rejectedPositions);
  const mine = editedValues(edit);
  const pendingPictures = mine.pictures;
  const slots = pendingPictures
    ? slotsOfSources(
        pendingPictures.map((p) => p.source),
        held,
      )
    : held;
  const initial = draftOf(detail.vehicle, slots, mine, keptVideoUrl(detail));
  return (
    <EditListingDialog
      key={`${detail.reference}-${edit?.changeId ?? 0}`}
      reference={detail.reference}
      vehicle={detail.vehicle}
      initial={initial}
      maxPhotos={photoLimit(plan?.usage.picturesPerListing, VEHICLE_LIMITS.picturesMax)}
      knownGaps={new Set(canSendPhotosAgain(detail) ? slots.filter((s) => s.state === 'gap').map((s) => s.key) : [])}
      refusal={refusalsOf(edit)}
      refusedWhole={edit?.status === 'refused' ? edit.error : null}
      checked={edit?.checks ?? []}
      onSave={(fields) => saveEdit(detail.reference, fields)}
      onClose={onClose}
    />
  );
}

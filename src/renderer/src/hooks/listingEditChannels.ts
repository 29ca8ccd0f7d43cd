// The one place the edit screens meet the session: saving an edit, taking it back, choosing sides
// in a conflict, sending the photos again, what a listing's detail says about its pending edit,
// and the catalogue the pickers choose from. The components only see the shapes below.
//
// NOT WIRED YET: the edit and catalogue channels are being added on other branches (edit-kind,
// portal-write). Until they are merged here, the calls go over the bridge by their expected names
// and the detail is read for its expected fields; at merge, replace the casts below with the
// contract's channels and views.
import { useQuery } from '@tanstack/react-query';
import type { ChannelName } from '../../../shared/contract';
import type { ListingEdit } from '../../../shared/listing-write';
import type { ChangeStatus } from '../../../shared/pending-changes';
import type { VehicleDetailView } from '../../../shared/views';
import { api, BridgeError } from '../api';
import type { FieldConflict, Keep } from '../components/edit/ConflictDialog';

/** One item of a catalogue list (accessories, other infos, brands, models, trims). */
export interface CatalogueItem {
  id: number;
  name: string;
}

/** A listing's open edit, as its detail shows it. */
export interface PendingEditView {
  id: number;
  status: ChangeStatus | 'conflict';
  /** The dealer's values, as saved. */
  fields: Partial<ListingEdit>;
  /** The portal's values of the same fields, as last read. */
  portal: Partial<Record<keyof ListingEdit, unknown>>;
  /** The portal's refusal, in its words, on the field it names (null: the whole edit). */
  refusal: { field: string | null; message: string }[] | null;
  /** Fields changed both here and on the portal, waiting for the dealer. */
  conflicts: FieldConflict[];
  /** Not sent yet: the dealer can still take it back. */
  discardable: boolean;
}

interface ExpectedDetail {
  edit?: PendingEditView | null;
  /** Addresses Showroom sent for this listing's photos, by their position (it knows a rejected one's). */
  sentPhotos?: { order: number; source: string }[];
  /** The video link typed here last (reads never return it). */
  videoUrl?: string | null;
}

const expected = (detail: VehicleDetailView): ExpectedDetail => detail as VehicleDetailView & ExpectedDetail;

export const pendingEditOf = (detail: VehicleDetailView): PendingEditView | null => expected(detail).edit ?? null;
export const keptVideoUrl = (detail: VehicleDetailView): string => expected(detail).videoUrl ?? '';
export const knownPhotoSources = (detail: VehicleDetailView): Map<number, string> =>
  new Map((expected(detail).sentPhotos ?? []).map((p) => [p.order, p.source]));
/** Every rejected photo's address is known here: one click sends them all again. */
export const canSendPhotosAgain = (detail: VehicleDetailView): boolean =>
  detail.rejectedPositions.length > 0 && detail.rejectedPositions.every((order) => knownPhotoSources(detail).has(order));

/** A call to a channel not in this branch's contract yet (see the note at the top). */
async function unmerged(channel: string, input: unknown): Promise<unknown> {
  const name = channel as ChannelName;
  const result = await window.showroom.invoke(name, input as never);
  if (result.ok) return result.value;
  throw new BridgeError(name, result.error);
}

export const saveEdit = (reference: string, fields: Partial<ListingEdit>) => unmerged('changes.edit', { reference, fields });
export const discardEdit = (reference: string) => api.call('changes.discard', { reference });
export const resolveConflict = (reference: string, keep: Record<string, Keep>) => unmerged('changes.resolve', { reference, keep });
export const sendPhotosAgain = (reference: string) => unmerged('changes.photosAgain', { reference });

export interface CatalogueLists {
  accessories: CatalogueItem[] | null;
  otherInfos: CatalogueItem[] | null;
  brands: CatalogueItem[] | null;
}

/** The catalogue as kept here (null lists: not kept yet; the pickers offer the listing's own). */
export function useCatalogue(type: string | undefined) {
  return useQuery({
    queryKey: ['catalogue.get', { type }],
    queryFn: async (): Promise<CatalogueLists> => {
      try {
        return (await unmerged('catalogue.get', { type })) as CatalogueLists;
      } catch {
        return { accessories: null, otherInfos: null, brands: null };
      }
    },
  });
}

/** A brand's models, or a model's trims, from the catalogue kept here. */
export function useCatalogueChildren(list: 'models' | 'trims', parentId: number | null) {
  return useQuery({
    queryKey: ['catalogue.get', { list, parentId }],
    enabled: parentId !== null,
    queryFn: async (): Promise<CatalogueItem[] | null> => {
      try {
        return (await unmerged('catalogue.get', { list, parentId })) as CatalogueItem[];
      } catch {
        return null;
      }
    },
  });
}

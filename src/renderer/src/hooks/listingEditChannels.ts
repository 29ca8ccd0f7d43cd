// The one place the edit screens meet the session: saving an edit, taking it back, choosing sides
// in a conflict, sending the photos again, what a listing's detail says about its pending edit
// (shared/pending-changes.ts), and the catalogue the pickers choose from. The components only see
// the shapes below.
//
// NOT WIRED YET: the edit and catalogue channels are being added on other branches (edit-kind,
// portal-write). Until they are merged here, the calls go over the bridge by their expected names
// and the detail is read for its expected fields (`edit`, `extras`); at merge, replace `unmerged`
// and `expected` with the contract's channels and views.
import { useQuery } from '@tanstack/react-query';
import type { ChannelName } from '../../../shared/contract';
import type { ListingEdit } from '../../../shared/listing-write';
import type { ListingExtrasView, PendingEditView, ResolveChoice } from '../../../shared/pending-changes';
import type { VehicleDetailView } from '../../../shared/views';
import { api, BridgeError } from '../api';
import type { FieldConflict, Keep } from '../components/edit/ConflictDialog';

export type { PendingEditView };

/** One item of a catalogue list (accessories, other infos, brands, models, trims). */
export interface CatalogueItem {
  id: number;
  name: string;
}

/** The portal's refusal of an edit, in its words, by the field it names. */
export interface FieldRefusal {
  field: string;
  message: string;
}

interface ExpectedDetail {
  edit?: PendingEditView | null;
  extras?: ListingExtrasView;
}

const expected = (detail: VehicleDetailView): ExpectedDetail => detail as VehicleDetailView & ExpectedDetail;

export const pendingEditOf = (detail: VehicleDetailView): PendingEditView | null => expected(detail).edit ?? null;
/** The video link typed here last (reads never return one). */
export const keptVideoUrl = (detail: VehicleDetailView): string => expected(detail).extras?.videoUrl ?? '';
/** Showroom sent every photo the portal rejected: one click sends them all again. */
export const canSendPhotosAgain = (detail: VehicleDetailView): boolean =>
  detail.rejectedPositions.length > 0 && (expected(detail).extras?.canSendPhotosAgain ?? false);

/** The dealer's values of an open edit, as the form opens on them. */
export const editedValues = (edit: PendingEditView | null): Partial<ListingEdit> =>
  Object.fromEntries((edit?.fields ?? []).map((f) => [f.field, f.mine]));

/** The fields changed here and on the portal, waiting for the dealer. */
export const conflictsOf = (edit: PendingEditView | null): FieldConflict[] =>
  (edit?.fields ?? []).flatMap((f) => (f.conflict ? [{ field: f.field, mine: f.mine, portal: f.conflict.portal, original: f.conflict.original }] : []));

/** The portal's words on each field it refused. */
export const refusalsOf = (edit: PendingEditView | null): FieldRefusal[] =>
  edit?.status === 'refused' ? edit.fields.flatMap((f) => (f.refusal === null ? [] : [{ field: f.field, message: f.refusal }])) : [];

/** A call to a channel not in this branch's contract yet (see the note at the top). */
async function unmerged(channel: string, input: unknown): Promise<unknown> {
  const name = channel as ChannelName;
  const result = await window.showroom.invoke(name, input as never);
  if (result.ok) return result.value;
  throw new BridgeError(name, result.error);
}

export const saveEdit = (reference: string, fields: Partial<ListingEdit>) => unmerged('changes.edit', { reference, fields });
export const discardEdit = (reference: string) => api.call('changes.discard', { reference });
export const sendPhotosAgain = (reference: string) => unmerged('changes.photosAgain', { reference });

/** The dealer's choices: one answer when every field keeps the same side, else one per field. */
export async function resolveConflict(reference: string, keep: Readonly<Record<string, Keep>>): Promise<void> {
  const sides = new Set(Object.values(keep));
  const [only] = sides;
  const choices: ResolveChoice[] = sides.size === 1 && only ? [{ keep: only }] : Object.entries(keep).map(([field, side]) => ({ keep: side, field }));
  for (const choice of choices) await unmerged('changes.resolve', { reference, ...choice });
}

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

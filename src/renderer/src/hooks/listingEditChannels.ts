// The one place the edit screens meet the session: saving an edit, taking it back, choosing sides
// in a conflict, sending the photos again, what a listing's detail says about its pending edit
// (shared/pending-changes.ts), and the catalogue the pickers choose from (shared/catalogue.ts).
// The components only see the shapes below.
import { useQuery } from '@tanstack/react-query';
import { catalogueList, type CatalogueView } from '../../../shared/catalogue';
import type { ListingEdit, ListingWrite } from '../../../shared/listing-write';
import type { PendingEditView } from '../../../shared/pending-changes';
import type { VehicleDetailView } from '../../../shared/views';
import { api } from '../api';
import type { FieldConflict, Keep } from '../components/edit/ConflictDialog';
import { useChannel } from '../query/useChannel';

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

export const pendingEditOf = (detail: VehicleDetailView): PendingEditView | null => detail.pendingEdit;
/** The video link typed here last (reads never return one). */
export const keptVideoUrl = (detail: VehicleDetailView): string => detail.extras.videoUrl ?? '';
/** Showroom sent every photo the portal rejected: one click sends them all again. */
export const canSendPhotosAgain = (detail: VehicleDetailView): boolean => detail.rejectedPositions.length > 0 && detail.extras.canSendPhotosAgain;

/** The dealer's values of an open edit, as the form opens on them. */
export const editedValues = (edit: PendingEditView | null): Partial<ListingEdit> => Object.fromEntries((edit?.fields ?? []).map((f) => [f.field, f.mine]));

/** The fields changed here and on the portal, waiting for the dealer. */
export const conflictsOf = (edit: PendingEditView | null): FieldConflict[] =>
  (edit?.fields ?? []).flatMap((f) => (f.conflict ? [{ field: f.field, mine: f.mine, portal: f.conflict.portal, original: f.conflict.original }] : []));

/** The portal's words on each field it refused. */
export const refusalsOf = (edit: PendingEditView | null): FieldRefusal[] =>
  edit?.status === 'refused' ? edit.fields.flatMap((f) => (f.refusal === null ? [] : [{ field: f.field, message: f.refusal }])) : [];

export const saveEdit = (reference: string, fields: Partial<ListingEdit>) => api.call('changes.edit', { reference, fields });
/** A new listing whole; `replaces`: the draft (or refused one) it was opened from. */
export const saveNewListing = (fields: ListingWrite, replaces: number | null) =>
  api.call('changes.create', { fields, ...(replaces === null ? {} : { replaces }) });
export const discardNewListing = (changeId: number) => api.call('changes.discard', { id: changeId });
export const discardEdit = (reference: string) => api.call('changes.discard', { reference });
export const sendPhotosAgain = (reference: string) => api.call('changes.photosAgain', { references: [reference] });

/** The dealer's choices: one answer when every field keeps the same side, else one per field. */
export async function resolveConflict(reference: string, keep: Readonly<Record<string, Keep>>): Promise<void> {
  const sides = new Set(Object.values(keep));
  const [only] = sides;
  if (sides.size === 1 && only) {
    await api.call('changes.resolve', { reference, keep: only });
    return;
  }
  for (const [field, side] of Object.entries(keep)) await api.call('changes.resolve', { reference, keep: side, field });
}

export interface CatalogueLists {
  accessories: CatalogueItem[] | null;
  otherInfos: CatalogueItem[] | null;
  brands: CatalogueItem[] | null;
}

const itemsOf = (view: CatalogueView | undefined, list: Parameters<typeof catalogueList>[1], parent: string | number = ''): CatalogueItem[] | null => {
  const found = view && catalogueList(view, list, parent);
  return found ? found.items.map(({ id, name }) => ({ id, name })) : null;
};

/** The catalogue as mirrored here, for a vehicle type (null lists: never read; the pickers offer the listing's own). */
export function useCatalogue(type: string | undefined): { data: CatalogueLists } {
  const view = useChannel('catalogue.get', {}).data;
  const kind = type ?? '';
  return { data: { accessories: itemsOf(view, 'accessories', kind), otherInfos: itemsOf(view, 'otherInfos'), brands: itemsOf(view, 'brands', kind) } };
}

/**
 * A brand's models, or a model's trims: as mirrored here, else read from the portal now (the sync
 * mirrors the lists the stock uses; another brand's are read when chosen). Null when neither has them.
 */
export function useCatalogueChildren(list: 'models' | 'trims', parentId: number | null) {
  const view = useChannel('catalogue.get', {}).data;
  const mirrored = parentId === null ? null : itemsOf(view, list, parentId);
  const read = useQuery({
    queryKey: ['catalogue.refresh', { list, parentId }],
    enabled: parentId !== null && view !== undefined && mirrored === null,
    queryFn: async (): Promise<CatalogueItem[] | null> => {
      if (parentId === null) return null;
      try {
        const now = await api.call('catalogue.refresh', list === 'models' ? { brandId: parentId } : { modelId: parentId });
        return itemsOf(now, list, parentId);
      } catch {
        return null;
      }
    },
  });
  return { data: mirrored ?? read.data ?? null };
}

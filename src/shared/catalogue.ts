// The portal's catalogue (portal-notes.md, "Other endpoints"): the lists the edit form picks from,
// mirrored into the cache so that it works offline. The portal does not document their shape, so
// an item is read as `{ id, name }` and everything else it carries is kept as it came.
import { z } from 'zod';
import type { AppErrorShape } from './errors';

/** The five lists. accessories and brands come per vehicle type, models per brand, trims per model. */
export const CATALOGUE_LISTS = ['accessories', 'otherInfos', 'brands', 'models', 'trims'] as const;
export type CatalogueListName = (typeof CATALOGUE_LISTS)[number];

/** One item: its id and name, and any other field the portal sent, kept as it came. */
export const catalogueItemSchema = z.looseObject({ id: z.number().int(), name: z.string() });
export type CatalogueItem = z.output<typeof catalogueItemSchema>;

/** How the portal last answered a list: 'missing' a 404 (a portal without it), 'failed' any other error. */
export type CatalogueListState = 'ok' | 'missing' | 'failed';

export interface CatalogueListView {
  list: CatalogueListName;
  /** What the list belongs to: the vehicle type (accessories, brands), the brand id (models), the model id (trims); '' for otherInfos. */
  parent: string;
  /** As last read (kept when a later read failed). */
  items: CatalogueItem[];
  /** When the portal last answered the list; null: never. */
  readAt: string | null;
  state: CatalogueListState;
  /** Items of the last answer left out for want of an id or a name. */
  skipped: number;
  /** Why the last read did not answer ('missing', 'failed'). */
  error?: AppErrorShape;
}

export interface CatalogueView {
  /** When the catalogue was last read whole (a sync reads it at most once a day); null: never. */
  readAt: string | null;
  lists: CatalogueListView[];
}

/** A list of the view, or undefined when it was never read. */
export function catalogueList(view: CatalogueView, list: CatalogueListName, parent: string | number = ''): CatalogueListView | undefined {
  const key = String(parent);
  return view.lists.find((l) => l.list === list && l.parent === key);
}

/** What `catalogue.refresh` reads: the whole catalogue (default), one brand's models, or one model's trims. */
export const catalogueRefreshSchema = z.union([
  z.object({}).strict(),
  z.object({ brandId: z.number().int().nonnegative() }).strict(),
  z.object({ modelId: z.number().int().nonnegative() }).strict(),
]);
export type CatalogueRefresh = z.output<typeof catalogueRefreshSchema>;

/** The model and brand a trim hangs from, as mirrored (a saved listing has its trim's id only); null when not kept here. */
export function trimPath(view: CatalogueView, trimId: number): { brandId: number; modelId: number } | null {
  const trims = view.lists.find((l) => l.list === 'trims' && l.items.some((i) => i.id === trimId));
  if (trims === undefined) return null;
  const modelId = Number(trims.parent);
  const models = view.lists.find((l) => l.list === 'models' && l.items.some((i) => i.id === modelId));
  return models === undefined ? null : { brandId: Number(models.parent), modelId };
}

/** The catalogue's name of a model (the portal gives a listing's model by id), or undefined when no brand's models read name it. */
export function catalogueModelName(view: CatalogueView, modelId: number): string | undefined {
  for (const l of view.lists) {
    if (l.list !== 'models') continue;
    const item = l.items.find((i) => i.id === modelId);
    if (item !== undefined) return item.name;
  }
  return undefined;
}

// Reading a catalogue list defensively (portal-notes.md: shapes not documented). An array of items,
// or one wrapped as `{ data: [...] }` (the envelope the portal's other lists use); each item that has
// a whole-number id and a name is kept with every other field it carries, the rest are counted.
import { catalogueItemSchema, type CatalogueItem, type CatalogueListName } from '../../shared/catalogue';

export interface CatalogueRead {
  items: CatalogueItem[];
  /** Items left out for want of an id or a name. */
  skipped: number;
}

/** The path and query of a list (the type goes as `?type=`, as the sandbox documents it). */
export function cataloguePath(list: CatalogueListName, parent: string | number = ''): { path: string; query?: URLSearchParams } {
  switch (list) {
    case 'accessories':
      return { path: 'vehicles/accessories', query: new URLSearchParams({ type: String(parent) }) };
    case 'otherInfos':
      return { path: 'vehicles/otherinfo' };
    case 'brands':
      return { path: 'vehicles/brands', query: new URLSearchParams({ type: String(parent) }) };
    case 'models':
      return { path: `vehicles/brands/${encodeURIComponent(String(parent))}/models` };
    case 'trims':
      return { path: `vehicles/models/${encodeURIComponent(String(parent))}/trims` };
  }
}

/** The items of a list's body, or null when the body is no list at all. */
export function readCatalogueBody(json: unknown): CatalogueRead | null {
  const list = Array.isArray(json)
    ? json
    : typeof json === 'object' && json !== null && Array.isArray((json as { data?: unknown }).data)
      ? (json as { data: unknown[] }).data
      : null;
  if (list === null) return null;
  const items: CatalogueItem[] = [];
  let skipped = 0;
  for (const raw of list) {
    const parsed = catalogueItemSchema.safeParse(raw);
    if (parsed.success) items.push(parsed.data);
    else skipped++;
  }
  return { items, skipped };
}

// The portal's catalogue as last read (tables catalogue_lists and catalogue_items, schema 15): the
// lists the edit form picks from when the portal cannot be asked. A list is replaced whole when
// the portal answers it; a failed read records why and keeps the items it had.
import { z } from 'zod';
import {
  catalogueItemSchema,
  CATALOGUE_LISTS,
  type CatalogueItem,
  type CatalogueListName,
  type CatalogueListState,
  type CatalogueListView,
} from '../../shared/catalogue';
import type { AppErrorShape } from '../../shared/errors';
import type { Db } from './db';

export type CatalogueStore = ReturnType<typeof createCatalogueStore>;

interface ListRow {
  list: string;
  parent: string;
  read_at: string | null;
  state: CatalogueListState;
  skipped: number;
  error: string | null;
}

const errorSchema = z.looseObject({ kind: z.string(), message: z.string() });

/** A stored cell read back; damage reads as nothing rather than failing the whole catalogue. */
function parseJson<T>(text: string | null, schema: z.ZodType<T>): T | undefined {
  if (text === null) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const isListName = (name: string): name is CatalogueListName => (CATALOGUE_LISTS as readonly string[]).includes(name);

export function createCatalogueStore(db: Db) {
  const upsertList = db.prepare(
    `INSERT INTO catalogue_lists (list, parent, read_at, state, skipped, error) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (list, parent) DO UPDATE SET read_at = coalesce(excluded.read_at, read_at), state = excluded.state,
       skipped = excluded.skipped, error = excluded.error`,
  );
  const clearItems = db.prepare('DELETE FROM catalogue_items WHERE list = ? AND parent = ?');
  const insertItem = db.prepare('INSERT INTO catalogue_items (list, parent, position, id, name, raw) VALUES (?, ?, ?, ?, ?, ?)');
  const allLists = db.prepare<[], ListRow>('SELECT list, parent, read_at, state, skipped, error FROM catalogue_lists ORDER BY list, parent');
  const allItems = db.prepare<[], { list: string; parent: string; raw: string }>(
    'SELECT list, parent, raw FROM catalogue_items ORDER BY list, parent, position',
  );

  const stockBrands = db.prepare<[], number>('SELECT DISTINCT brand_id FROM vehicles WHERE brand_id IS NOT NULL ORDER BY brand_id').pluck();
  const stockModels = db.prepare<[], number>('SELECT DISTINCT model_id FROM vehicles WHERE model_id IS NOT NULL ORDER BY model_id').pluck();

  return {
    /** The brands and models the stored listings have: whose models and trims a whole read covers. */
    stockParents(): { brandIds: number[]; modelIds: number[] } {
      return { brandIds: stockBrands.all(), modelIds: stockModels.all() };
    },
    /** The portal answered the list: its items replace the ones stored. */
    replace(list: CatalogueListName, parent: string, items: readonly CatalogueItem[], skipped: number, readAt: string): void {
      db.transaction(() => {
        clearItems.run(list, parent);
        items.forEach((item, i) => insertItem.run(list, parent, i, item.id, item.name, JSON.stringify(item)));
        upsertList.run(list, parent, readAt, 'ok', skipped, null);
      })();
    },
    /** The portal did not answer the list ('missing': 404): the items stored stay. */
    failed(list: CatalogueListName, parent: string, state: Exclude<CatalogueListState, 'ok'>, error: AppErrorShape): void {
      upsertList.run(list, parent, null, state, 0, JSON.stringify(error));
    },
    /** Every list stored, with its items, in a stable order. */
    lists(): CatalogueListView[] {
      const items = new Map<string, CatalogueItem[]>();
      for (const row of allItems.all()) {
        const item = parseJson(row.raw, catalogueItemSchema);
        if (!item) continue;
        const key = `${row.list}\u0000${row.parent}`;
        const list = items.get(key) ?? [];
        list.push(item);
        items.set(key, list);
      }
      return allLists.all().flatMap((row): CatalogueListView[] => {
        if (!isListName(row.list)) return [];
        const error = parseJson(row.error, errorSchema) as AppErrorShape | undefined;
        return [
          {
            list: row.list,
            parent: row.parent,
            items: items.get(`${row.list}\u0000${row.parent}`) ?? [],
            readAt: row.read_at,
            state: row.state,
            skipped: row.skipped,
            ...(error ? { error } : {}),
          },
        ];
      });
    },
  };
}

// Listings that left the inventory (local.departed_listings, local schema 7): the vehicle store
// keeps each one the portal no longer has as removed (vehicles.ts); a sale's confirmation calls it
// sold (main/changes/ledger.ts). A listing that comes back on the portal leaves this list again.
import { UNSENT, type ChangeStatus } from '../../shared/pending-changes';
import { SELL_KIND, type DepartedListingView, type DepartedQuery, type DepartedResult, type Departure } from '../../shared/sold';
import { DAY_MS } from '../../shared/stock-age';
import type { Db } from './db';

export type DepartedStore = ReturnType<typeof createDepartedStore>;

interface Row {
  reference: string;
  title: string | null;
  brand: string | null;
  type: string | null;
  value: number | null;
  mileage: number | null;
  model_year: number | null;
  left_as: Departure | 'pending';
  left_at: string;
  sold_at: string | null;
  stock_since_day: number | null;
  stock_at_least: number;
  /** A pending sale's (the Sold view's query only). */
  change_id?: number | null;
  change_status?: string | null;
}

/** The day it left the stock: the sale's, or when a sync found it gone. */
const endDay = (row: Pick<Row, 'left_at' | 'sold_at'>): number => Math.floor(Date.parse(row.sold_at ?? row.left_at) / DAY_MS);

function toView(row: Row): DepartedListingView {
  return {
    reference: row.reference,
    title: row.title,
    brand: row.brand,
    type: row.type,
    price: row.value,
    mileage: row.mileage,
    modelYear: row.model_year,
    leftAs: row.left_as,
    leftAt: row.left_at,
    soldAt: row.sold_at,
    sale: row.change_id === null || row.change_id === undefined ? null : { changeId: row.change_id, sent: !UNSENT.includes(row.change_status as ChangeStatus) },
    daysInStock: row.stock_since_day === null ? null : Math.max(0, endDay(row) - row.stock_since_day),
    daysAtLeast: row.stock_at_least === 1,
  };
}

const COLUMNS = 'reference, title, brand, type, value, mileage, model_year, left_as, left_at, sold_at, stock_since_day, stock_at_least';

/**
 * The Sold view's rows: the listings that left, and those marked sold that the portal has not
 * deleted yet (out of the inventory at once: shared/pending-changes.ts IN_STOCK_SQL), as 'pending'.
 */
const VIEW_SQL = `(SELECT ${COLUMNS}, NULL AS change_id, NULL AS change_status FROM local.departed_listings
  UNION ALL
  SELECT v.reference, v.title, v.brand, v.type, v.value, v.mileage, v.model_year, 'pending', c.created_at, c.created_at, v.stock_since_day, v.stock_at_least, c.id, c.status
    FROM local.pending_changes c JOIN vehicles v ON v.reference = c.reference
    WHERE c.kind = '${SELL_KIND}' AND c.closed_at IS NULL AND c.status != 'refused')`;

export function createDepartedStore(db: Db) {
  const markSold = db.prepare("UPDATE local.departed_listings SET left_as = 'sold', sold_at = ? WHERE reference = ?");
  const one = db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM local.departed_listings WHERE reference = ?`);
  const rawOf = db.prepare<[string], string>('SELECT raw FROM local.departed_listings WHERE reference = ?').pluck();
  const rawsOf = db.prepare<[string], { reference: string; raw: string }>(
    'SELECT reference, raw FROM local.departed_listings WHERE reference IN (SELECT value FROM json_each(?))',
  );
  // Back on the portal: it is in the inventory again, so it is no longer a departed listing.
  const returned = db.prepare('DELETE FROM local.departed_listings WHERE reference IN (SELECT reference FROM vehicles WHERE last_seen_run = ?)');
  const sold = db.prepare<[], Row>(`SELECT ${COLUMNS} FROM local.departed_listings WHERE left_as = 'sold' ORDER BY sold_at`);

  return {
    /** The sale the dealer marked at `soldAt` reached the portal: the listing it deleted is sold, not removed. */
    markSold(reference: string, soldAt: string): boolean {
      return markSold.run(soldAt, reference).changes > 0;
    },
    /** After a pass's commit: listings it read are in stock again. */
    forgetReturned(runId: number): number {
      return returned.run(runId).changes;
    },
    get(reference: string): DepartedListingView | null {
      const row = one.get(reference);
      return row === undefined ? null : toView(row);
    },
    /** The listing's JSON as the portal last sent it. */
    rawOf(reference: string): string | null {
      return rawOf.get(reference) ?? null;
    },
    /** rawOf for many, by reference (an export's window). */
    rawsOf(references: readonly string[]): Map<string, string> {
      return new Map(rawsOf.all(JSON.stringify(references)).map((r) => [r.reference, r.raw]));
    },
    /** Every sold listing, the oldest sale first (the insights' weeks and days to sell). */
    sold(): DepartedListingView[] {
      return sold.all().map(toView);
    },
    /** The Sold view: newest departure first; `offset` skips that many (an export reads every match a window at a time). */
    query(query: DepartedQuery, offset = 0): DepartedResult {
      const where: string[] = [];
      const params: Record<string, string> = {};
      if (query.search !== undefined && query.search.trim() !== '') {
        where.push("(reference LIKE :s ESCAPE '\\' OR title LIKE :s ESCAPE '\\' OR brand LIKE :s ESCAPE '\\')");
        params.s = `%${query.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      }
      if (query.leftAs !== undefined && query.leftAs.length > 0) {
        where.push('left_as IN (SELECT value FROM json_each(:leftAs))');
        // A pending sale is among the sold.
        params.leftAs = JSON.stringify(query.leftAs.includes('sold') ? [...query.leftAs, 'pending'] : query.leftAs);
      }
      if (query.type !== undefined && query.type.length > 0) {
        where.push('type IN (SELECT value FROM json_each(:type))');
        params.type = JSON.stringify(query.type);
      }
      const clause = where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`;
      const total = db.prepare<Record<string, string>, number>(`SELECT count(*) FROM ${VIEW_SQL} ${clause}`).pluck().get(params) ?? 0;
      const rows = db
        .prepare<Record<string, string>, Row>(
          `SELECT ${COLUMNS}, change_id, change_status FROM ${VIEW_SQL} ${clause} ORDER BY coalesce(sold_at, left_at) DESC, reference LIMIT ${query.limit ?? 1000} OFFSET ${Math.max(0, Math.floor(offset))}`,
        )
        .all(params);
      return { rows: rows.map(toView), total };
    },
  };
}

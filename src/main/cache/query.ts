// The inventory screen's and the CLI's reads: a window of rows with the total, the facets, and one
// listing in full. Totals, facets and the window's ids come from the in-memory snapshot
// (snapshot.ts); the rows themselves from SQLite by id.
import { z } from 'zod';
import { codedError } from '../../shared/i18n/messages';
import {
  DEFAULT_SORT,
  DEFAULT_WINDOW,
  inventoryQuerySchema,
  type FacetCounts,
  type InventoryQuery,
  type InventorySort,
  type PhotoStatus,
  type PublicationCause,
  type SortField,
  type VehicleDetail,
  type VehicleQueryResult,
  type VehicleRow,
} from '../../shared/inventory';
import { parseVehicle, picturesInOrder, rejectedPicturePositions, type Vehicle, type VehicleProblem } from '../../shared/vehicle';
import type { Statement } from 'better-sqlite3';
import type { Db } from './db';
import { isJsonText, parseStoredJson } from './extract';
import { ftsMatchExpression, indexedWords, searchWords } from './fts';
import { ROW_FROM, ROW_SELECT, toVehicleRow, type DbVehicleRow } from './rows';
import { orderBy, OVERLAY_OF_SORT, whereClause } from './filters';
import { anyOverlaySql, IN_STOCK_SQL, type OverlayField } from '../../shared/pending-changes';
import type { SearchIndexes } from './search-index';
import { matchSql, orderSql, type MatchSet, type Snapshot, type Snapshots } from './snapshot';

/** Validates a query from the renderer or the CLI; a bad one is the caller's mistake, said plainly. */
export function parseInventoryQuery(input: unknown): InventoryQuery {
  const result = inventoryQuerySchema.safeParse(input ?? {});
  if (!result.success) {
    throw codedError('bad_input', { code: 'cache.queryInvalid' }, { issues: z.prettifyError(result.error) });
  }
  return result.data;
}

interface DbDetail extends DbVehicleRow {
  id: number;
  raw: string;
  problems: string;
  first_seen_run: number | null;
  last_seen_run: number | null;
}

interface DbEvent {
  at: string;
  from_published: number;
  from_highlighted: number;
  to_published: number;
  to_highlighted: number;
  cause: PublicationCause;
  sync_run_id: number | null;
}

interface DbPhoto {
  id: number;
  source_url: string;
  status: PhotoStatus;
  last_error: string | null;
}

/** A listing's price as a bulk repricing reads it. */
export interface ListingPrice {
  reference: string;
  title: string | null;
  /** The portal's, as last read. */
  price: number | null;
  updatedAt: string | null;
  /** Has installments (a count and an amount): a new price leaves them as they are unless the dealer clears them. */
  financed: boolean;
}

/**
 * The listings of a bulk repricing's scope as its preview reads them, by place in the scope's
 * order: the price and the installments of every one from the snapshot's columns (no row read),
 * the words of a listing only for the few lines shown.
 */
export interface PriceColumns {
  /** The portal's price (NaN: none), by place. */
  prices: Float64Array;
  /** 1: the listing has installments, by place. */
  financed: Uint8Array;
  /** The places of the listings with these references (those outside the scope left out). */
  placesOf(references: readonly string[]): Map<string, number>;
  /** The reference and title of the listings at these places, in their order (undefined: the listing is gone). */
  labelsAt(places: readonly number[]): Array<{ reference: string; title: string | null } | undefined>;
}

export type InventoryQueries = ReturnType<typeof createInventoryQueries>;

/** The window's rows by id, with their cover: one indexed lookup per row, never a scan. */
const ROWS_BY_ID = `SELECT v.id AS row_id, ${ROW_SELECT} FROM ${ROW_FROM} WHERE v.id IN (SELECT value FROM json_each(?))`;

export function createInventoryQueries(db: Db, snapshots: Snapshots, indexes: SearchIndexes) {
  const current = () => snapshots.current();
  const countAll = db.prepare<[], number>(`SELECT count(*) FROM vehicles v WHERE ${IN_STOCK_SQL}`).pluck();
  const firstIds = new Map<string, Statement<[number, number], number>>();
  /** The window of the whole stock in `sort`'s order, read from the sort's index (the order the snapshot keeps). */
  const overlayChecks = new Map<OverlayField, Statement<[], number>>();
  /** Whether an open change overlays the sort's column now (then the index's order is not the listings' order). */
  const sortOverlaid = (field: SortField): boolean => {
    const overlay = OVERLAY_OF_SORT[field];
    if (overlay === undefined) return false;
    let check = overlayChecks.get(overlay);
    if (check === undefined) {
      check = db.prepare<[], number>(anyOverlaySql(overlay)).pluck();
      overlayChecks.set(overlay, check);
    }
    return check.get() !== undefined;
  };
  const windowOfAll = (sort: InventorySort, offset: number, limit: number): number[] => {
    const sql = `SELECT v.id FROM vehicles v WHERE ${IN_STOCK_SQL} ORDER BY ${orderBy(sort, sortOverlaid(sort.field))} LIMIT ? OFFSET ?`;
    let statement = firstIds.get(sql);
    if (statement === undefined) {
      statement = db.prepare<[number, number], number>(sql).pluck();
      firstIds.set(sql, statement);
    }
    return statement.all(limit, offset);
  };
  const detail = db.prepare<[string], DbDetail>(
    `SELECT ${ROW_SELECT}, v.id, v.first_seen_run, v.last_seen_run, j.raw, j.problems
       FROM ${ROW_FROM} JOIN vehicle_json j ON j.vehicle_id = v.id WHERE v.reference = ?`,
  );
  const history = db.prepare<[string], DbEvent>(
    `SELECT at, from_published, from_highlighted, to_published, to_highlighted, cause, sync_run_id
       FROM publication_events WHERE reference = ? ORDER BY at, id`,
  );
  const photoBySource = db.prepare<[string], DbPhoto>('SELECT id, source_url, status, last_error FROM photos WHERE source_url = ?');
  const rowsById = db.prepare<[string], DbVehicleRow & { row_id: number }>(ROWS_BY_ID);
  const pricesById = db.prepare<[string], Omit<ListingPrice, 'financed'> & { id: number; financed: number }>(
    'SELECT v.id, v.reference, v.title, v.value AS price, v.updated_at AS updatedAt, v.financed FROM vehicles v WHERE v.id IN (SELECT value FROM json_each(?))',
  );
  const labelsById = db.prepare<[string], { id: number; reference: string; title: string | null }>(
    'SELECT v.id, v.reference, v.title FROM vehicles v WHERE v.id IN (SELECT value FROM json_each(?))',
  );
  const idsByReference = db.prepare<[string], { id: number; reference: string }>(
    'SELECT v.id, v.reference FROM vehicles v WHERE v.reference IN (SELECT value FROM json_each(?))',
  );
  const idsOf = (references: readonly string[]): number[] => idsByReference.all(JSON.stringify(references)).map((r) => r.id);
  const rawByReference = db.prepare<[string], { reference: string; raw: string }>(
    'SELECT v.reference, j.raw FROM vehicles v JOIN vehicle_json j ON j.vehicle_id = v.id WHERE v.reference IN (SELECT value FROM json_each(?))',
  );

  // The index's vocabulary, to search long prefixes as the terms they begin (see fts.ts).
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.showroom_search_terms USING fts5vocab(main, 'vehicles_fts', 'row')`);
  const termsFrom = db
    .prepare<[string, string, number], string>('SELECT term FROM temp.showroom_search_terms WHERE term >= ? AND term <= ? || char(1114111) LIMIT ?')
    .pluck();
  const termsStartingWith = (word: string, limit: number): string[] => termsFrom.all(word, word, limit);
  const expressionOf = (text: string | undefined): string | null => (text === undefined ? null : ftsMatchExpression(text, termsStartingWith));

  /** What the text and the filters select in the snapshot: the text's matches (null: no text) and the filters' tests. */
  function select(snapshot: Snapshot, query: InventoryQuery) {
    return { match: textMatch(snapshot, query.text), tests: snapshot.tests(query.filters) };
  }

  /** The listings the text matches, null when it has no word. */
  function textMatch(snapshot: Snapshot, text: string | undefined): MatchSet | null {
    if (text === undefined) return null;
    // The in-memory index, once read from the listings as they are now (search-index.ts).
    const index = indexes.current();
    const words = index === null ? null : indexedWords(searchWords(text));
    if (index !== null && words !== null) {
      if (words.length === 0) return null;
      const match = snapshot.matchIndexed(words, index);
      if (match !== null) return match;
    }
    // The expression as FTS5 runs it keys the match set: typing on in a word ("chevro",
    // "chevrol", … "chevrolet") leaves the terms it expands to unchanged, and each of those
    // keystrokes is then answered from the set the first one made. The expansion costs one
    // lookup in the index's vocabulary, far less than a match.
    const key = expressionOf(text);
    return key === null ? null : snapshot.match(key);
  }

  const explain = (sql: string, params: unknown[]): string[] =>
    (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail);

  return {
    queryVehicles(input: InventoryQuery): VehicleQueryResult {
      const query = parseInventoryQuery(input);
      const window = query.window ?? DEFAULT_WINDOW;
      const sort = query.sort ?? DEFAULT_SORT;
      let total: number;
      let ids: number[];
      if (!snapshots.ready() && whereClause(query).sql === '') {
        // The whole stock while the snapshot is stale (the screen's first load, the first read
        // after a sync): SQLite answers from the sort's index, much sooner than the snapshot is
        // built (docs/measurements.md), and the snapshot is built by the next question that needs it, not this one.
        total = countAll.get() ?? 0;
        ids = window.limit === 0 || window.offset >= total ? [] : windowOfAll(sort, window.offset, window.limit);
      } else {
        const snapshot = current();
        const { match, tests } = select(snapshot, query);
        const selection = snapshot.selection(match, tests);
        total = selection.total;
        ids = window.limit === 0 || window.offset >= total ? [] : snapshot.window(selection, sort, window.offset, window.limit);
      }
      if (ids.length === 0) return { total, rows: [] };
      const byId = new Map(rowsById.all(JSON.stringify(ids)).map((r) => [r.row_id, r]));
      const rows: VehicleRow[] = [];
      for (const id of ids) {
        const r = byId.get(id);
        if (r !== undefined) rows.push(toVehicleRow(r));
      }
      return { total, rows };
    },

    /**
     * SQLite's plans for the statements a query runs (diagnostics, and the tests that keep them on
     * indexes): reading the sort's order, matching the text, fetching the window's rows. Counting
     * and filtering run in memory (`count` is null).
     */
    explainQuery(input: InventoryQuery): { count: string[] | null; rows: string[] } {
      const query = parseInventoryQuery(input);
      const expression = expressionOf(query.text);
      return {
        count: null,
        rows: [
          ...explain(orderSql(query.sort ?? DEFAULT_SORT), []),
          ...(expression === null ? [] : explain(matchSql, [expression])),
          ...explain(ROWS_BY_ID, ['[1]']),
        ],
      };
    },

    countVehicles(input: InventoryQuery): number {
      const query = parseInventoryQuery(input);
      const snapshot = current();
      const { match, tests } = select(snapshot, query);
      return snapshot.count(match, tests);
    },

    /** Counts per filter value, each dimension with every OTHER filter applied (faceted search). */
    facetCounts(input: InventoryQuery): FacetCounts {
      const query = parseInventoryQuery(input);
      const snapshot = current();
      const { match, tests } = select(snapshot, query);
      return snapshot.facets(match, tests);
    },

    /** The listings as the portal sent them (tolerantly parsed), by reference: what a row does not carry. */
    /**
     * The price of every listing a query selects (its text and filters; no window), or of the
     * listings named, in the query's order: what a bulk repricing reads (shared/reprice.ts).
     */
    listingPrices(scope: { query: InventoryQuery } | { references: readonly string[] }): ListingPrice[] {
      let ids: number[];
      if ('references' in scope) ids = idsOf(scope.references);
      else {
        const query = parseInventoryQuery(scope.query);
        const snapshot = current();
        const { match, tests } = select(snapshot, query);
        const selection = snapshot.selection(match, tests);
        ids = snapshot.window(selection, query.sort ?? DEFAULT_SORT, 0, selection.total);
      }
      const position = new Map(ids.map((id, i) => [id, i]));
      const out: Array<ListingPrice | undefined> = new Array<ListingPrice | undefined>(ids.length);
      for (const { id, financed, ...row } of pricesById.all(JSON.stringify(ids))) out[position.get(id) as number] = { ...row, financed: financed === 1 };
      return out.filter((row): row is ListingPrice => row !== undefined);
    },

    /** The same listings as listingPrices, in the same order, as a preview reads them (PriceColumns). */
    priceColumns(scope: { query: InventoryQuery } | { references: readonly string[] }): PriceColumns {
      const snapshot = current();
      let positions: Int32Array;
      if ('references' in scope) {
        const ids = idsOf(scope.references);
        positions = new Int32Array(ids.length);
        let k = 0;
        for (const id of ids) {
          const p = snapshot.positionOf(id);
          if (p >= 0) positions[k++] = p;
        }
        positions = positions.subarray(0, k);
      } else {
        const query = parseInventoryQuery(scope.query);
        const { match, tests } = select(snapshot, query);
        positions = snapshot.positionsInOrder(snapshot.selection(match, tests), query.sort ?? DEFAULT_SORT);
      }
      const prices = new Float64Array(positions.length);
      const financed = new Uint8Array(positions.length);
      for (let i = 0; i < positions.length; i++) {
        const p = positions[i] as number;
        prices[i] = snapshot.portalPrices[p] as number;
        financed[i] = snapshot.financed[p] as number;
      }
      const idAt = (place: number): number => snapshot.ids[positions[place] as number] as number;
      return {
        prices,
        financed,
        placesOf(references) {
          const out = new Map<string, number>();
          if (references.length === 0) return out;
          const placeOf = new Int32Array(snapshot.n).fill(-1);
          for (let i = 0; i < positions.length; i++) placeOf[positions[i] as number] = i;
          for (const { id, reference } of idsByReference.all(JSON.stringify(references))) {
            const p = snapshot.positionOf(id);
            const place = p < 0 ? -1 : (placeOf[p] as number);
            if (place >= 0) out.set(reference, place);
          }
          return out;
        },
        labelsAt(places) {
          if (places.length === 0) return [];
          const byId = new Map(labelsById.all(JSON.stringify(places.map(idAt))).map((r) => [r.id, r]));
          return places.map((place) => {
            const row = byId.get(idAt(place));
            return row === undefined ? undefined : { reference: row.reference, title: row.title };
          });
        },
      };
    },

    listingsOf(references: readonly string[]): Map<string, Vehicle> {
      return new Map(rawByReference.all(JSON.stringify(references)).map((r) => [r.reference, parseVehicle(parseStoredJson(r.raw)).vehicle]));
    },

    getVehicle(reference: string): VehicleDetail | null {
      const r = detail.get(reference);
      if (r === undefined) return null;
      // The JSON is kept verbatim as the portal sent it, so it always parsed once: text that no
      // longer does was damaged on disk. Said as a problem of the listing; a full sync rewrites it.
      const damaged = !isJsonText(r.raw);
      const parsed = parseVehicle(parseStoredJson(r.raw));
      const pictures = picturesInOrder(parsed.vehicle.pictures);
      return {
        reference: r.reference,
        raw: r.raw,
        vehicle: parsed.vehicle,
        problems: damaged ? [DAMAGED_LISTING_PROBLEM] : storedProblems(r.problems),
        row: toVehicleRow(r),
        rejectedPhotoPositions: rejectedPicturePositions(parsed.vehicle.pictures),
        photos: pictures.map((p) => {
          const photo = photoBySource.get(p.source);
          return {
            order: p.order,
            source: p.source,
            originalUrl: p.originalUrl,
            photoId: photo?.id ?? null,
            status: photo?.status ?? null,
            lastError: photo?.last_error ?? null,
          };
        }),
        publicationHistory: history.all(reference).map((e) => ({
          at: e.at,
          from: { published: e.from_published === 1, highlighted: e.from_highlighted === 1 },
          to: { published: e.to_published === 1, highlighted: e.to_highlighted === 1 },
          cause: e.cause,
          syncRunId: e.sync_run_id,
        })),
        firstSeenRunId: r.first_seen_run,
        lastSeenRunId: r.last_seen_run,
      };
    },
  };
}

/** What `show` and the listing screen say about a listing whose stored copy no longer reads. */
export const DAMAGED_LISTING_PROBLEM: VehicleProblem = {
  field: '(root)',
  message: 'The stored copy of this listing is damaged. A full sync reads it again from the portal (in a terminal: `showroom sync --full`).',
};

function storedProblems(text: string): VehicleProblem[] {
  return isJsonText(text) ? (JSON.parse(text) as VehicleProblem[]) : [DAMAGED_LISTING_PROBLEM];
}

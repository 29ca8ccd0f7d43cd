// The inventory's filter columns in memory: one typed array per column (tens of bytes a listing),
// read from the table once and again only after the listings change (see generation.ts). Counts,
// facets, the summary and the choice of a window's rows are loops over these arrays, where SQLite
// scanned the table for each.
// SQLite still does what it does best: the full-text match (FTS5), each sort's order (read once
// from the sort's index, with SQLite's own collations), and the window's rows by id.
//
// Filters here mean exactly what filters.ts says in SQL (NULL never passes a test, lists compare
// text as is); test/cache/snapshot.test.ts checks both agree on random queries.
import { ATTENTION_NEXT_CHANGE_SQL, ATTENTION_VALUES, COUNTED_REASONS } from '../../shared/attention';
import { STOCK_AGE_NEXT_CHANGE_SQL } from '../../shared/stock-age';
import type { InventorySort, InventorySummary } from '../../shared/inventory';
import {
  DIMENSION_NAMES,
  FILTER_DIMENSIONS,
  PORTAL_STATES,
  dimension,
  dimensionsOf,
  type DimensionKind,
  type DimensionOf,
  type FacetCounts,
  type FacetValue,
  type FilterDimension,
  type InventoryFilters,
  type RangeBounds,
  type StateDimension,
} from '../../shared/inventory-filters';
import type { Db } from './db';
import { isFirstLetter, type IndexedWord } from './fts';
import type { SearchIndex } from './search-index';
import { binaryCompare } from './binary-order';
import { anyOverlaySql, IN_STOCK_SQL } from '../../shared/pending-changes';
import { OVERLAID_SORTS, OVERLAY_OF_SORT, orderBy, sortFieldOn } from './filters';
import type { Generation } from './generation';

// The columns, by kind, in the dimensions' table order (shared/inventory-filters.ts).
const STATE_DIMS = dimensionsOf('state');
const LIST_DIMS = dimensionsOf('values');
const FLAG_DIMS = dimensionsOf('flag');
const RANGE_DIMS = dimensionsOf('range');
/** Per range column, the sort whose order is that column's (price: value): its kept order finds a range's listings. */
const RANGE_SORTS = RANGE_DIMS.map((d) => sortFieldOn(FILTER_DIMENSIONS[d].column));
const COLUMNS_OF: Record<DimensionKind, readonly FilterDimension[]> = { state: STATE_DIMS, values: LIST_DIMS, flag: FLAG_DIMS, range: RANGE_DIMS };

/** Each facet dimension by number (its place in the table): its kind and its column among its kind's. */
const SLOTS = DIMENSION_NAMES.map((name) => {
  const kind = dimension(name).kind;
  return { name, kind, column: COLUMNS_OF[kind].indexOf(name) };
});

// Few values a row cross into JS rather than one per column (each costs more than the SQL that
// packs them): the states and the yes/no columns packed in one integer (a state: its value's
// index in the table, anything else the first; a flag: two bits, 0 NULL, 1 no, 2 yes, 3 anything
// else); the list columns as one JSON array, of which 100,000 listings have a few hundred
// distinct ones, each decoded once.
const stateBits = (values: readonly string[]): number => Math.max(1, Math.ceil(Math.log2(values.length)));
const STATE_VALUES = STATE_DIMS.map((d) => (FILTER_DIMENSIONS[d] as StateDimension).values);
const STATE_SHIFTS: number[] = [];
const FLAG_SHIFTS: number[] = [];
let packedBits = 0;
for (const values of STATE_VALUES) {
  STATE_SHIFTS.push(packedBits);
  packedBits += stateBits(values);
}
for (let b = 0; b < FLAG_DIMS.length; b++) {
  FLAG_SHIFTS.push(packedBits);
  packedBits += 2;
}
/** Whether the listing has installments (no filter; a bulk repricing's summary counts them): one bit. */
const FINANCED_SHIFT = packedBits++;
// The unpacking shifts a 32-bit integer: more flags than that need a second packed column.
if (packedBits > 31) throw new Error(`The snapshot packs ${packedBits} bits of states and flags in one integer; at most 31 fit.`);

const stateCase = (column: string, values: readonly string[], shift: number): string =>
  `(CASE ${column} ${values
    .slice(1)
    .map((v, i) => `WHEN '${v.replace(/'/g, "''")}' THEN ${i + 1}`)
    .join(' ')} ELSE 0 END) * ${2 ** shift}`;
const flagCase = (column: string, shift: number): string =>
  `(CASE WHEN ${column} IS NULL THEN 0 WHEN ${column} = 0 THEN 1 WHEN ${column} = 1 THEN 2 ELSE 3 END) * ${2 ** shift}`;
const PACKED_SQL = [
  ...STATE_DIMS.map((d, s) => stateCase(FILTER_DIMENSIONS[d].column, STATE_VALUES[s] as readonly string[], STATE_SHIFTS[s] as number)),
  ...FLAG_DIMS.map((d, b) => flagCase(FILTER_DIMENSIONS[d].column, FLAG_SHIFTS[b] as number)),
  `(v.financed = 1) * ${2 ** FINANCED_SHIFT}`,
].join('\n      + ');
const BUILD_SQL = `SELECT v.id,
    ${PACKED_SQL},
    ${RANGE_DIMS.map((d) => `${FILTER_DIMENSIONS[d].column}, `).join('')}json_array(${LIST_DIMS.map((d) => FILTER_DIMENSIONS[d].column).join(', ')}),
    v.value
  FROM vehicles v WHERE v.id > ? AND ${IN_STOCK_SQL} ORDER BY v.id LIMIT ?`;
/** Where a row's list columns come, after the id, the packed integer and the ranges; the portal's price after them. */
const LISTS_AT = 2 + RANGE_DIMS.length;
const PORTAL_PRICE_AT = LISTS_AT + 1;
const FLAG_VALUE = [-1, 0, 1, -2];
/** Listings read per statement when the snapshot is built (a big stock takes several). */
export const BUILD_BATCH = 20_000;
/**
 * The matches as one JSON array: for a broad prefix (two letters can match 60% of the stock),
 * handing tens of thousands of rows to JS one by one costs more than FTS5's own walk; one text
 * parsed by JSON.parse takes less (bench/cache-search.ts; docs/measurements.md).
 */
const MATCH_SQL = 'SELECT json_group_array(rowid) FROM vehicles_fts WHERE vehicles_fts MATCH ?';
/**
 * A window is chosen from the selection itself (a heap of its first listings in the sort's
 * order) when the selection is at most this share of the stock and the window ends within
 * RANKED_MAX listings; otherwise the order is walked, which a large selection fills quickly.
 */
const RANKED_SHARE = 4;
const RANKED_MAX = 2000;
/** Match sets kept per snapshot: the screen asks for the window, then the facets, of the same text. */
const MATCHES_KEPT = 8;
/**
 * Match sets of a search that is one first character ("c", "7"), kept apart from the others: every
 * word the dealer types starts with one, and one matches much of the stock (most of such a
 * keystroke's work in the reader, next to nothing once kept; docs/measurements.md). At most
 * 12 × (1 + 4 × share) bytes per listing: 6 MB at 100,000 listings if each matched all.
 */
export const LETTER_MATCHES_KEPT = 12;

interface ListColumn {
  /** Index into `values`, or -1 for NULL. */
  codes: Int32Array;
  values: string[];
  codeOf: Map<string, number>;
}

/** Positions (into the snapshot's arrays) of the listings a text matches, ascending. */
export interface MatchSet {
  positions: Int32Array;
  /** 1 at each matched position; made when a window walks a sort order. */
  mask: Uint8Array | null;
}

/** What a query selects: how many listings, and which (by position; null: all of them). */
export interface Selection {
  total: number;
  /** 1 at each selected position. */
  mask: Uint8Array | null;
  /** The selected positions. */
  positions: Int32Array | null;
}

/** One active filter: its facet dimension and its test on a position. */
interface Test {
  dim: number;
  /** For each candidate that fails: adds one to `fails[i]` and sets `failed[i] = j` (a column-wise loop). */
  mark: (candidates: Int32Array, fails: Uint8Array, failed: Uint8Array, j: number) => void;
  /** A range's bounds on its column (NULL passes neither). */
  range?: { column: number; min: number; max: number };
}

export class Snapshot {
  readonly n: number;
  readonly ids: Float64Array;
  /** Each state's value as its index in the table's values. */
  readonly states: Uint8Array[];
  readonly lists: ListColumn[];
  /** -1 NULL, 0 no, 1 yes. */
  readonly bools: Int8Array[];
  /** NaN for NULL. */
  readonly ranges: Float64Array[];
  /**
   * The price as the portal has it (NaN for NULL), under any pending one (the price range shows
   * that): what a bulk repricing starts from (main/changes/reprice.ts).
   */
  readonly portalPrices: Float64Array;
  /** 1 when the listing has installments (a count and an amount). */
  readonly financed: Uint8Array;
  /**
   * When a listing's reason to need the dealer changes with no write (its address's grace ends,
   * shared/attention.ts), in ms; Infinity when none will. The snapshot is stale from then on.
   */
  readonly validUntil: number;
  private readonly slot: Int32Array | null;
  private readonly orders = new Map<string, Int32Array>();
  /** Per range column: whether its values ascend along its sort's kept order (rangeRun). */
  private readonly ascending = new Map<string, boolean>();
  /** Per kept order: each position's place in it. */
  private readonly ranks = new Map<string, Int32Array>();
  private readonly matches = new Map<string, MatchSet>();
  private readonly letterMatches = new Map<string, MatchSet>();
  private unfiltered: FacetCounts | null = null;
  private totals: Omit<InventorySummary, 'lastSyncAt'> | null = null;

  constructor(private readonly db: Db) {
    // Read before the rows: a grace ending between the two reads makes this snapshot stale at once, never stale unnoticed.
    this.validUntil = countsChangeAt(db);
    const batch = db.prepare(BUILD_SQL).raw();
    const idList: number[] = [];
    const packed: number[] = [];
    const ranges = RANGE_DIMS.map(() => [] as number[]);
    const portalPrices: number[] = [];
    const combos: number[] = [];
    const comboOf = new Map<string, number>();
    let after = -Infinity;
    for (;;) {
      // In slices, so the rows as JS arrays never all exist at once.
      // [id, packed, ...ranges, lists as JSON, portal price]
      const rows = batch.all(after, BUILD_BATCH) as unknown[][];
      for (const r of rows) {
        idList.push(r[0] as number);
        packed.push(r[1] as number);
        for (let g = 0; g < ranges.length; g++) {
          const v = r[2 + g];
          (ranges[g] as number[]).push(typeof v === 'number' ? v : NaN);
        }
        const json = r[LISTS_AT] as string;
        let combo = comboOf.get(json);
        if (combo === undefined) {
          combo = comboOf.size;
          comboOf.set(json, combo);
        }
        combos.push(combo);
        const price = r[PORTAL_PRICE_AT];
        portalPrices.push(typeof price === 'number' ? price : NaN);
      }
      if (rows.length < BUILD_BATCH) break;
      after = idList[idList.length - 1] as number;
    }
    // Each distinct combination of list values, as codes.
    const lists = LIST_DIMS.map(() => ({ values: [] as string[], codeOf: new Map<string, number>() }));
    const comboCodes = new Int32Array(comboOf.size * LIST_DIMS.length);
    for (const [json, combo] of comboOf) {
      const values = JSON.parse(json) as (string | number | null)[];
      lists.forEach((list, l) => {
        const value = values[l];
        let code = -1;
        if (value !== null && value !== undefined) {
          const text = String(value);
          code = list.codeOf.get(text) ?? -1;
          if (code < 0) {
            code = list.values.length;
            list.values.push(text);
            list.codeOf.set(text, code);
          }
        }
        comboCodes[combo * LIST_DIMS.length + l] = code;
      });
    }
    const n = idList.length;
    this.states = STATE_DIMS.map(() => new Uint8Array(n));
    this.bools = FLAG_DIMS.map(() => new Int8Array(n));
    const stateMasks = STATE_VALUES.map((values) => 2 ** stateBits(values) - 1);
    const listCodes = LIST_DIMS.map(() => new Int32Array(n));
    this.financed = new Uint8Array(n);
    for (let p = 0; p < n; p++) {
      const f = packed[p] as number;
      this.financed[p] = (f >> FINANCED_SHIFT) & 1;
      for (let c = 0; c < STATE_DIMS.length; c++) (this.states[c] as Uint8Array)[p] = (f >> (STATE_SHIFTS[c] as number)) & (stateMasks[c] as number);
      for (let b = 0; b < FLAG_DIMS.length; b++) (this.bools[b] as Int8Array)[p] = FLAG_VALUE[(f >> (FLAG_SHIFTS[b] as number)) & 3] as number;
      const base = (combos[p] as number) * LIST_DIMS.length;
      for (let l = 0; l < LIST_DIMS.length; l++) (listCodes[l] as Int32Array)[p] = comboCodes[base + l] as number;
    }
    this.lists = lists.map((l, i) => ({ codes: listCodes[i] as Int32Array, values: l.values, codeOf: l.codeOf }));
    this.n = n;
    this.ids = Float64Array.from(idList);
    this.ranges = ranges.map((g) => Float64Array.from(g));
    this.portalPrices = Float64Array.from(portalPrices);
    // Ids are dense in practice (new listings take the next one): a table finds a position in one step.
    const maxId = this.n === 0 ? 0 : (this.ids[this.n - 1] as number);
    if (Number.isSafeInteger(maxId) && maxId >= 0 && maxId <= 4 * this.n + 65_536) {
      this.slot = new Int32Array(maxId + 1).fill(-1);
      for (let p = 0; p < this.n; p++) this.slot[this.ids[p] as number] = p;
    } else {
      this.slot = null;
    }
  }

  /** The position of a listing id, or -1. */
  positionOf(id: number): number {
    if (this.slot !== null) return id >= 0 && id < this.slot.length ? (this.slot[id] as number) : -1;
    let lo = 0;
    let hi = this.n - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = this.ids[mid] as number;
      if (v === id) return mid;
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /**
   * The listings an FTS5 expression matches, kept per expression while the snapshot lives: the
   * screen asks for the window and then the facets of the same text, and typing on in a word
   * often runs the same expression again (query.ts).
   */
  match(expression: string): MatchSet {
    return this.keptMatch(expression, false, () => {
      const rowids = JSON.parse(this.db.prepare(MATCH_SQL).pluck().get(expression) as string) as number[];
      const positions = new Int32Array(rowids.length);
      let k = 0;
      for (const id of rowids) {
        const p = this.positionOf(id);
        if (p >= 0) positions[k++] = p;
      }
      return { positions: k === positions.length ? positions : positions.slice(0, k), mask: null };
    });
  }

  /**
   * The listings every word matches, from the in-memory index of the same state of the listings
   * (search-index.ts): one round per word over its postings, the word with the fewest first.
   * Null when the ids are too sparse for the position table: FTS5 answers then.
   */
  matchIndexed(words: readonly IndexedWord[], index: SearchIndex): MatchSet | null {
    const slot = this.slot;
    if (slot === null) return null;
    const key = `\u0000${words.map((w) => (w.exact ? `=${w.word}` : w.word)).join(' ')}`;
    return this.keptMatch(key, isFirstLetter(words), () => {
      const rounds = words.map((w) => ({ ...w, postings: index.postings(w.word, w.exact) })).sort((a, b) => a.postings - b.postings);
      const hits = new Uint8Array(this.n);
      if ((rounds[0]?.postings ?? 0) > 0) rounds.forEach((w, round) => index.advance(w.word, w.exact, round, hits, slot));
      const all = rounds.length;
      let count = 0;
      for (let p = 0; p < hits.length; p++) if (hits[p] === all) count++;
      // The rounds' counters become the set's mask (1: matched), which a window walks.
      const positions = new Int32Array(count);
      let k = 0;
      for (let p = 0; p < hits.length; p++) {
        if (hits[p] === all) {
          positions[k++] = p;
          hits[p] = 1;
        } else {
          hits[p] = 0;
        }
      }
      return { positions, mask: hits };
    });
  }

  /** A match set kept per key while the snapshot lives, the least recently used dropped first; a lone first character's apart. */
  private keptMatch(key: string, letter: boolean, compute: () => MatchSet): MatchSet {
    const matches = letter ? this.letterMatches : this.matches;
    const kept = matches.get(key);
    if (kept) {
      matches.delete(key);
      matches.set(key, kept);
      return kept;
    }
    const set = compute();
    if (matches.size >= (letter ? LETTER_MATCHES_KEPT : MATCHES_KEPT)) matches.delete(matches.keys().next().value as string);
    matches.set(key, set);
    return set;
  }

  /** The active filters as tests, in the order filters.ts writes them; each knows its facet dimension. */
  tests(filters: InventoryFilters | undefined): Test[] {
    const out: Test[] = [];
    if (!filters) return out;
    SLOTS.forEach(({ name, kind, column }, dim) => {
      const test = this.test(kind, column, filters[name]);
      if (test !== null) out.push({ dim, ...test });
    });
    return out;
  }

  /** One filter's test on its column, or null when it filters nothing (absent, an empty list, a range without bounds). */
  private test(kind: DimensionKind, column: number, value: InventoryFilters[FilterDimension]): Omit<Test, 'dim'> | null {
    if (value === undefined) return null;
    switch (kind) {
      case 'state': {
        const chosen = value as readonly string[];
        if (chosen.length === 0) return null;
        const values = STATE_VALUES[column] as readonly string[];
        const want = new Uint8Array(values.length);
        for (const v of chosen) want[values.indexOf(v)] = 1;
        const col = this.states[column] as Uint8Array;
        return { mark: (c, fails, failed, j) => markCodes(col, want, 0, c, fails, failed, j) };
      }
      case 'values': {
        const chosen = value as readonly string[];
        if (chosen.length === 0) return null;
        const list = this.lists[column] as ListColumn;
        const want = new Uint8Array(list.values.length + 1);
        for (const v of chosen) {
          const code = list.codeOf.get(v);
          if (code !== undefined) want[code] = 1;
        }
        const codes = list.codes;
        // NULL (-1) lands on the extra last slot, always 0.
        const nullSlot = list.values.length;
        return { mark: (c, fails, failed, j) => markCodes(codes, want, nullSlot, c, fails, failed, j) };
      }
      case 'range': {
        const range = value as { min?: number; max?: number };
        if (range.min === undefined && range.max === undefined) return null;
        const col = this.ranges[column] as Float64Array;
        const min = range.min ?? -Infinity;
        const max = range.max ?? Infinity;
        return { mark: (c, fails, failed, j) => markRange(col, min, max, c, fails, failed, j), range: { column, min, max } };
      }
      case 'flag': {
        const col = this.bools[column] as Int8Array;
        const want = value ? 1 : 0;
        return { mark: (c, fails, failed, j) => markFlag(col, want, c, fails, failed, j) };
      }
    }
  }

  /** Listings passing every test among the candidates (all when `match` is null). */
  count(match: MatchSet | null, tests: readonly Test[]): number {
    if (tests.length === 0) return match === null ? this.n : match.positions.length;
    const candidates = match === null ? this.everyPosition() : match.positions;
    const { fails } = this.marks(candidates, tests);
    let total = 0;
    for (let i = 0; i < fails.length; i++) if (fails[i] === 0) total++;
    return total;
  }

  /**
   * What the text and the filters select: how many, and a mask of them by position (1: selected;
   * null: every listing). The tests run column by column over the candidates, once, and a window
   * then walks its order against one array instead of calling each test on each listing.
   */
  selection(match: MatchSet | null, tests: readonly Test[]): Selection {
    if (tests.length === 0) {
      return match === null
        ? { total: this.n, mask: null, positions: null }
        : { total: match.positions.length, mask: this.maskOf(match), positions: match.positions };
    }
    const candidates = match?.positions ?? this.rangeRun(tests) ?? this.everyPosition();
    const { fails } = this.marks(candidates, tests);
    const mask = new Uint8Array(this.n);
    const positions = new Int32Array(candidates.length);
    let total = 0;
    for (let i = 0; i < fails.length; i++) {
      if (fails[i] === 0) {
        const p = candidates[i] as number;
        mask[p] = 1;
        positions[total++] = p;
      }
    }
    return { total, mask, positions: positions.subarray(0, total) };
  }

  /**
   * The listings within one of the ranges, when an order kept for a sort is that range's column
   * ascending: two binary searches, where a test would read the whole column. The other tests
   * (and this one) then run on these alone. Null when no such order is kept.
   */
  private rangeRun(tests: readonly Test[]): Int32Array | null {
    for (const { range } of tests) {
      const field = range === undefined ? null : RANGE_SORTS[range.column];
      const order = field === null || field === undefined ? undefined : this.orders.get(field);
      if (range === undefined || order === undefined || !this.ascendingIn(order, range.column)) continue;
      const col = this.ranges[range.column] as Float64Array;
      // NULLs (NaN) come first in SQLite's ascending order; then the values, non-decreasing.
      const firstAtLeast = (bound: number, strict: boolean): number => {
        let lo = 0;
        let hi = order.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          const x = col[order[mid] as number] as number;
          if (Number.isNaN(x) || x < bound || (strict && x === bound)) lo = mid + 1;
          else hi = mid;
        }
        return lo;
      };
      return order.subarray(firstAtLeast(range.min, false), Math.max(firstAtLeast(range.min, false), firstAtLeast(range.max, true)));
    }
    return null;
  }

  /** True when the column's values run NULLs first, then non-decreasing, along the order (checked once per order). */
  private ascendingIn(order: Int32Array, column: number): boolean {
    const key = `${column}`;
    let known = this.ascending.get(key);
    if (known === undefined) {
      const col = this.ranges[column] as Float64Array;
      known = true;
      let previous = -Infinity;
      let seenValue = false;
      for (let k = 0; k < order.length && known; k++) {
        const x = col[order[k] as number] as number;
        if (Number.isNaN(x)) known = !seenValue;
        else if (x < previous) known = false;
        else {
          seenValue = true;
          previous = x;
        }
      }
      this.ascending.set(key, known);
    }
    return known;
  }

  /** Listing ids of a window of a selection: the sort's order walked, skipping what is not selected. */
  window(selection: Selection, sort: InventorySort, offset: number, limit: number): number[] {
    const { total, mask } = selection;
    const order = this.order(sort);
    const desc = sort.dir === 'desc';
    const len = order.length;
    const out: number[] = [];
    if (mask === null) {
      for (let k = offset; k < Math.min(len, offset + limit); k++) out.push(this.ids[order[desc ? len - 1 - k : k] as number] as number);
      return out;
    }
    if (selection.positions !== null && offset + limit <= RANKED_MAX && total * RANKED_SHARE <= len) {
      const rank = this.rank(sort);
      if (rank !== null) return this.windowByRank(selection.positions, order, rank, desc, offset, limit);
    }
    // Stops at the last selected listing: a small selection is not walked past.
    const wanted = Math.min(limit, total - offset);
    let skip = offset;
    for (let k = 0; k < len && out.length < wanted; k++) {
      const p = order[desc ? len - 1 - k : k] as number;
      if (mask[p] === 0) continue;
      if (skip > 0) skip--;
      else out.push(this.ids[p] as number);
    }
    return out;
  }

  /** Every selected listing's position, in the sort's order: a whole selection, where a window is a part of it by id. */
  positionsInOrder(selection: Selection, sort: InventorySort): Int32Array {
    const order = this.order(sort);
    const len = order.length;
    const desc = sort.dir === 'desc';
    const { mask } = selection;
    const out = new Int32Array(mask === null ? len : Math.min(len, selection.total));
    let k = 0;
    for (let i = 0; i < len && k < out.length; i++) {
      const p = order[desc ? len - 1 - i : i] as number;
      if (mask === null || mask[p] === 1) out[k++] = p;
    }
    return k === out.length ? out : out.subarray(0, k);
  }

  /**
   * A window of a small selection: its listings' places in the order, the first `offset + limit`
   * of them kept in a max-heap, one pass over the selection however far into the order they lie
   * (a plate's one listing, a price range sorted by price).
   */
  private windowByRank(positions: Int32Array, order: Int32Array, rank: Int32Array, desc: boolean, offset: number, limit: number): number[] {
    const last = order.length - 1;
    const k = Math.min(offset + limit, positions.length);
    const heap = new Int32Array(k);
    let size = 0;
    for (let i = 0; i < positions.length; i++) {
      const r = rank[positions[i] as number] as number;
      const key = desc ? last - r : r;
      if (size < k) {
        // Sift up.
        let c = size++;
        while (c > 0) {
          const parent = (c - 1) >> 1;
          if ((heap[parent] as number) >= key) break;
          heap[c] = heap[parent] as number;
          c = parent;
        }
        heap[c] = key;
      } else if (key < (heap[0] as number)) {
        // Replace the largest, sift down.
        let c = 0;
        for (;;) {
          let child = 2 * c + 1;
          if (child >= k) break;
          if (child + 1 < k && (heap[child + 1] as number) > (heap[child] as number)) child++;
          if ((heap[child] as number) <= key) break;
          heap[c] = heap[child] as number;
          c = child;
        }
        heap[c] = key;
      }
    }
    heap.sort();
    const out: number[] = [];
    for (let i = offset; i < size; i++) {
      const key = heap[i] as number;
      out.push(this.ids[order[desc ? last - key : key] as number] as number);
    }
    return out;
  }

  /** Each position's place in the sort's kept order; null when the order could not be kept. */
  private rank(sort: InventorySort): Int32Array | null {
    const kept = this.ranks.get(sort.field);
    if (kept) return kept;
    const order = this.order(sort);
    if (!this.orders.has(sort.field)) return null;
    const rank = new Int32Array(this.n);
    for (let k = 0; k < order.length; k++) rank[order[k] as number] = k;
    this.ranks.set(sort.field, rank);
    return rank;
  }

  private maskOf(match: MatchSet): Uint8Array {
    if (match.mask === null) {
      const mask = new Uint8Array(this.n);
      for (const p of match.positions) mask[p] = 1;
      match.mask = mask;
    }
    return match.mask;
  }

  /** Positions in ascending sort order (descending walks it backwards: the id breaks ties both ways). */
  private order(sort: InventorySort): Int32Array {
    const kept = this.orders.get(sort.field);
    if (kept) return kept;
    const ids = this.db
      .prepare(orderSql(sort, this.overlaidOutsideRanges(sort)))
      .pluck()
      .all() as number[];
    const order = new Int32Array(ids.length);
    let k = 0;
    for (const id of ids) {
      const p = this.positionOf(id);
      if (p >= 0) order[k++] = p;
    }
    // Another connection wrote between the snapshot and this read: use it once, keep nothing.
    if (k !== this.n || ids.length !== this.n) return order.slice(0, k);
    this.overlaidInOrder(sort, order);
    this.orders.set(sort.field, order);
    return order;
  }

  /**
   * An open change overlays the sort's column now, and no range column of the snapshot holds its
   * values (the title): the order is read with the overlay, as SQL orders the overlaid column
   * (no index then; only while such a change is open). A range's sort reads the index and moves
   * the few listings an edit changed (`overlaidInOrder`).
   */
  private overlaidOutsideRanges(sort: InventorySort): boolean {
    const field = OVERLAY_OF_SORT[sort.field];
    if (field === undefined || RANGE_SORTS.includes(sort.field)) return false;
    return this.db.prepare(anyOverlaySql(field)).pluck().get() !== undefined;
  }

  /**
   * The index gives the listings as the portal has them; a listing an open edit gives another
   * price (mileage, year) goes where that value sorts, as SQL would order the overlaid column:
   * NULLs first, then the values, the id breaking ties. Sorted again only when an edit moved one.
   */
  private overlaidInOrder(sort: InventorySort, order: Int32Array): void {
    if (OVERLAID_SORTS[sort.field] === undefined) return;
    const column = RANGE_SORTS.indexOf(sort.field);
    if (column < 0) return;
    this.ascending.delete(`${column}`);
    if (this.ascendingIn(order, column)) return;
    const col = this.ranges[column] as Float64Array;
    const key = (p: number): number => col[p] as number;
    order.sort((a, b) => {
      const x = key(a);
      const y = key(b);
      const nx = Number.isNaN(x);
      const ny = Number.isNaN(y);
      if (nx !== ny) return nx ? -1 : 1;
      return (nx ? 0 : x - y) || (this.ids[a] as number) - (this.ids[b] as number);
    });
    this.ascending.set(`${column}`, true);
  }

  /** Counts per filter value, each dimension with every OTHER filter applied. */
  facets(match: MatchSet | null, tests: readonly Test[]): FacetCounts {
    if (match === null && tests.length === 0 && this.unfiltered) return this.unfiltered;
    const candidates = match === null ? this.everyPosition() : match.positions;
    // A listing failing no test counts in every dimension; failing exactly one, only in that
    // one's (its other filters hold); failing two or more, nowhere.
    let passing = candidates;
    let passingLength = candidates.length;
    const onlyFailing = new Map<number, { positions: Int32Array; length: number }>();
    if (tests.length > 0) {
      const { fails, failed } = this.marks(candidates, tests);
      passing = new Int32Array(candidates.length);
      passingLength = 0;
      const one = tests.map(() => ({ positions: new Int32Array(candidates.length), length: 0 }));
      for (let i = 0; i < candidates.length; i++) {
        const f = fails[i];
        if (f === 0) {
          passing[passingLength++] = candidates[i] as number;
        } else if (f === 1) {
          const list = one[failed[i] as number] as { positions: Int32Array; length: number };
          list.positions[list.length++] = candidates[i] as number;
        }
      }
      tests.forEach((t, j) => onlyFailing.set(t.dim, one[j] as { positions: Int32Array; length: number }));
    }
    const acc = new Accumulator(this);
    for (let d = 0; d < SLOTS.length; d++) {
      acc.add(d, passing, passingLength);
      const extra = onlyFailing.get(d);
      if (extra) acc.add(d, extra.positions, extra.length);
    }
    const result = acc.result();
    if (match === null && tests.length === 0) this.unfiltered = result;
    return result;
  }

  /** How many tests each candidate fails, and the last one it failed. */
  private marks(candidates: Int32Array, tests: readonly Test[]): { fails: Uint8Array; failed: Uint8Array } {
    const fails = new Uint8Array(candidates.length);
    const failed = new Uint8Array(candidates.length);
    tests.forEach((t, j) => t.mark(candidates, fails, failed, j));
    return { fails, failed };
  }

  private every: Int32Array | null = null;
  private everyPosition(): Int32Array {
    if (this.every === null) {
      this.every = new Int32Array(this.n);
      for (let p = 0; p < this.n; p++) this.every[p] = p;
    }
    return this.every;
  }

  summary(): Omit<InventorySummary, 'lastSyncAt'> {
    if (this.totals) return this.totals;
    const portal = new Float64Array(PORTAL_STATES.length);
    let highlighted = 0;
    let withProblems = 0;
    let withRejected = 0;
    let needsAttention = 0;
    const states = this.stateColumn('portal');
    // Code 0 is 'none' (the table's first value): any other is a reason.
    const attention = this.stateColumn('attention');
    const counted = new Uint8Array(ATTENTION_VALUES.length);
    for (const r of COUNTED_REASONS) counted[ATTENTION_VALUES.indexOf(r)] = 1;
    const hl = this.flagColumn('highlighted');
    const problems = this.flagColumn('hasProblems');
    const rejected = this.flagColumn('hasRejectedPhotos');
    const off = PORTAL_STATES.indexOf('off');
    for (let p = 0; p < this.n; p++) {
      const state = states[p] as number;
      portal[state] = (portal[state] as number) + 1;
      // Highlighted on the portal: a listing off it is highlighted nowhere ('pending' is still on it).
      if (hl[p] === 1 && state !== off) highlighted++;
      if (problems[p] === 1) withProblems++;
      if (rejected[p] === 1) withRejected++;
      needsAttention += counted[attention[p] as number] as number;
    }
    this.totals = {
      total: this.n,
      onPortal: portal[PORTAL_STATES.indexOf('on')] as number,
      notOnPortal: portal[off] as number,
      unpublishPending: portal[PORTAL_STATES.indexOf('pending')] as number,
      highlighted,
      withProblems,
      withRejectedPhotos: withRejected,
      needsAttention,
    };
    return this.totals;
  }

  private stateColumn(name: DimensionOf<'state'>): Uint8Array {
    return this.states[STATE_DIMS.indexOf(name)] as Uint8Array;
  }

  private flagColumn(name: DimensionOf<'flag'>): Int8Array {
    return this.bools[FLAG_DIMS.indexOf(name)] as Int8Array;
  }
}

/** The statement that reads a sort's order: the sort's index when it has one. */
export function orderSql(sort: InventorySort, overlaidNow = false): string {
  return `SELECT v.id FROM vehicles v WHERE ${IN_STOCK_SQL} ORDER BY ${orderBy({ field: sort.field, dir: 'asc' }, overlaidNow)}`;
}
export const matchSql = MATCH_SQL;
export { binaryCompare };

// Small monomorphic loops: V8 compiles each to a few instructions a listing.
function markCodes(
  codes: Int32Array | Uint8Array,
  want: Uint8Array,
  nullSlot: number,
  candidates: Int32Array,
  fails: Uint8Array,
  failed: Uint8Array,
  j: number,
): void {
  for (let i = 0; i < candidates.length; i++) {
    const c = codes[candidates[i] as number] as number;
    if (want[c < 0 ? nullSlot : c] !== 1) {
      fails[i] = (fails[i] as number) + 1;
      failed[i] = j;
    }
  }
}

function markRange(col: Float64Array, min: number, max: number, candidates: Int32Array, fails: Uint8Array, failed: Uint8Array, j: number): void {
  for (let i = 0; i < candidates.length; i++) {
    const x = col[candidates[i] as number] as number;
    // NaN (NULL) fails, as NULL does in SQL.
    if (!(x >= min && x <= max)) {
      fails[i] = (fails[i] as number) + 1;
      failed[i] = j;
    }
  }
}

function markFlag(col: Int8Array, want: number, candidates: Int32Array, fails: Uint8Array, failed: Uint8Array, j: number): void {
  for (let i = 0; i < candidates.length; i++) {
    if (col[candidates[i] as number] !== want) {
      fails[i] = (fails[i] as number) + 1;
      failed[i] = j;
    }
  }
}

function countCodes(codes: Int32Array | Uint8Array, positions: Int32Array, length: number, counts: Int32Array | Float64Array): void {
  for (let i = 0; i < length; i++) {
    const c = codes[positions[i] as number] as number;
    // -1: NULL, counted nowhere.
    if (c >= 0) counts[c] = (counts[c] as number) + 1;
  }
}

function countYesNo(col: Int8Array, positions: Int32Array, length: number, yes: Float64Array, no: Float64Array, slot: number): void {
  let y = 0;
  let n = 0;
  for (let i = 0; i < length; i++) {
    const v = col[positions[i] as number];
    if (v === 1) y++;
    else if (v === 0) n++;
  }
  yes[slot] = (yes[slot] as number) + y;
  no[slot] = (no[slot] as number) + n;
}

function minMax(col: Float64Array, positions: Int32Array, length: number, mins: Float64Array, maxes: Float64Array, slot: number): void {
  let min = mins[slot] as number;
  let max = maxes[slot] as number;
  for (let i = 0; i < length; i++) {
    const x = col[positions[i] as number] as number;
    // NaN (NULL) fails both comparisons: skipped, as min() and max() skip NULL.
    if (x < min) min = x;
    if (x > max) max = x;
  }
  mins[slot] = min;
  maxes[slot] = max;
}

class Accumulator {
  private readonly stateCounts: Float64Array[];
  private readonly listCounts: Int32Array[];
  private readonly yes = new Float64Array(FLAG_DIMS.length);
  private readonly no = new Float64Array(FLAG_DIMS.length);
  private readonly min = new Float64Array(RANGE_DIMS.length).fill(Infinity);
  private readonly max = new Float64Array(RANGE_DIMS.length).fill(-Infinity);

  constructor(private readonly s: Snapshot) {
    this.stateCounts = STATE_VALUES.map((values) => new Float64Array(values.length));
    this.listCounts = s.lists.map((l) => new Int32Array(l.values.length));
  }

  /** Counts the listings at `positions` in dimension `dim`: one tight loop over one column. */
  add(dim: number, positions: Int32Array, length: number): void {
    const s = this.s;
    const { kind, column } = SLOTS[dim] as (typeof SLOTS)[number];
    if (kind === 'state') {
      countCodes(s.states[column] as Uint8Array, positions, length, this.stateCounts[column] as Float64Array);
    } else if (kind === 'values') {
      countCodes((s.lists[column] as ListColumn).codes, positions, length, this.listCounts[column] as Int32Array);
    } else if (kind === 'flag') {
      countYesNo(s.bools[column] as Int8Array, positions, length, this.yes, this.no, column);
    } else {
      minMax(s.ranges[column] as Float64Array, positions, length, this.min, this.max, column);
    }
  }

  result(): FacetCounts {
    const out: Record<string, unknown> = {};
    for (const { name, kind, column } of SLOTS) out[name] = this.facet(kind, column);
    return out as FacetCounts;
  }

  private facet(kind: DimensionKind, c: number): FacetCounts[FilterDimension] {
    switch (kind) {
      case 'state': {
        const counts = this.stateCounts[c] as Float64Array;
        return Object.fromEntries((STATE_VALUES[c] as readonly string[]).map((v, i) => [v, counts[i] as number])) as FacetCounts['portal'];
      }
      case 'values': {
        const counts = this.listCounts[c] as Int32Array;
        const values = (this.s.lists[c] as ListColumn).values;
        const out: FacetValue[] = [];
        for (let i = 0; i < counts.length; i++) if ((counts[i] as number) > 0) out.push({ value: values[i] as string, count: counts[i] as number });
        // As SQL's ORDER BY count DESC, value.
        return out.sort((a, b) => b.count - a.count || binaryCompare(a.value, b.value));
      }
      case 'flag':
        return { yes: this.yes[c] as number, no: this.no[c] as number };
      case 'range': {
        const min = this.min[c] as number;
        const bounds: RangeBounds = min === Infinity ? { min: null, max: null } : { min, max: this.max[c] as number };
        return bounds;
      }
    }
  }
}

/**
 * When the counts next change with no write, only because time passed (ms on the cache's clock): a
 * listing's address grace ends (shared/attention.ts), or midnight turns every listing's days in
 * stock over (shared/stock-age.ts).
 */
export function countsChangeAt(db: Db): number {
  const next = db.prepare(ATTENTION_NEXT_CHANGE_SQL).pluck().get();
  const nextDay = db.prepare(STOCK_AGE_NEXT_CHANGE_SQL).pluck().get() as number;
  return Math.min(typeof next === 'number' ? next : Infinity, nextDay);
}

/** The snapshot of the current state, rebuilt when the generation moved; never kept from inside a transaction. */
export interface Snapshots {
  current(): Snapshot;
  /** True when `current()` would answer without building (the listings did not change since). */
  ready(): boolean;
}

/** `now`: the cache's clock in ms (a snapshot also goes stale when a listing's reason to need the dealer comes with time). */
export function snapshots(db: Db, generation: Generation, now: () => number): Snapshots {
  let kept: { token: string; snapshot: Snapshot } | null = null;
  const fresh = (token: string): boolean => kept !== null && kept.token === token && now() < kept.snapshot.validUntil;
  return {
    ready: () => fresh(generation.token()),
    current(): Snapshot {
      const token = generation.token();
      if (kept !== null && fresh(token)) return kept.snapshot;
      const snapshot = new Snapshot(db);
      if (generation.cacheable()) kept = { token, snapshot };
      else kept = null;
      return snapshot;
    },
  };
}

// The inventory's filter columns in memory: one typed array per column (about 60 bytes a listing,
// 6 MB at 100,000), read from the table once and again only after the listings change (see
// generation.ts). Counts, facets, the summary and the choice of a window's rows are loops over
// these arrays, a few milliseconds at 100,000 listings, where SQLite scanned the table for each.
// SQLite still does what it does best: the full-text match (FTS5), each sort's order (read once
// from the sort's index, with SQLite's own collations), and the window's rows by id.
//
// Filters here mean exactly what filters.ts says in SQL (NULL never passes a test, lists compare
// text as is); test/cache/snapshot.test.ts checks both agree on random queries.
import type {
  FacetCounts, FacetValue, InventoryFilters, InventorySort, InventorySummary, PortalState, RangeBounds, YesNoCount,
} from '../../shared/inventory';
import type { Db } from './db';
import { orderBy } from './filters';
import type { Generation } from './generation';

const LIST_DIMS = ['type', 'brand', 'fuel', 'gearbox', 'color'] as const;
const BOOL_DIMS = ['active', 'brandNew', 'highlighted', 'hasProblems', 'hasRejectedPhotos'] as const;
const RANGE_DIMS = ['year', 'price', 'mileage'] as const;
type ListDim = (typeof LIST_DIMS)[number];
type BoolDim = (typeof BOOL_DIMS)[number];
type RangeDim = (typeof RANGE_DIMS)[number];

const PORTAL: readonly PortalState[] = ['on', 'off', 'pending'];
const PORTAL_CODE: Record<string, number> = { on: 0, off: 1, pending: 2 };

// Facet dimensions by number: 0 portal, then the lists, the yes/no, the ranges.
const D_LIST = 1;
const D_BOOL = D_LIST + LIST_DIMS.length;
const D_RANGE = D_BOOL + BOOL_DIMS.length;
const DIMS = D_RANGE + RANGE_DIMS.length;

// Six values a row cross into JS rather than fifteen (each costs more than the SQL that packs
// them): the portal state and the yes/no columns packed in one integer, two bits a flag (0 NULL,
// 1 no, 2 yes, 3 anything else); the list columns as one JSON array, of which 100,000 listings
// have a few hundred distinct ones, each decoded once.
const flag = (column: string, shift: number): string =>
  `(CASE WHEN ${column} IS NULL THEN 0 WHEN ${column} = 0 THEN 1 WHEN ${column} = 1 THEN 2 ELSE 3 END) * ${2 ** shift}`;
const BUILD_SQL = `SELECT id,
    (CASE portal_state WHEN 'off' THEN 1 WHEN 'pending' THEN 2 ELSE 0 END)
      + ${flag('active', 2)} + ${flag('brand_new', 4)} + ${flag('highlighted', 6)} + ${flag('has_problems', 8)} + ${flag('(rejected_photo_count > 0)', 10)},
    model_year, value, mileage, json_array(type, brand, fuel, gearbox, color)
  FROM vehicles WHERE id > ? ORDER BY id LIMIT ?`;
const FLAG_VALUE = [-1, 0, 1, -2];
const BUILD_BATCH = 20_000;
const MATCH_SQL = 'SELECT rowid FROM vehicles_fts WHERE vehicles_fts MATCH ?';
/** Match sets kept per snapshot: the screen asks for the window, then the facets, of the same text. */
const MATCHES_KEPT = 8;

/** Code-point order, which is SQLite's BINARY order of the UTF-8 text (JS compares UTF-16 units). */
export function binaryCompare(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

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

/** One active filter: its facet dimension and its test on a position. */
interface Test {
  dim: number;
  pass: (p: number) => boolean;
  /** For each candidate that fails: adds one to `fails[i]` and sets `failed[i] = j` (a column-wise loop). */
  mark: (candidates: Int32Array, fails: Uint8Array, failed: Uint8Array, j: number) => void;
}

export class Snapshot {
  readonly n: number;
  readonly ids: Float64Array;
  readonly portal: Uint8Array;
  readonly lists: ListColumn[];
  /** -1 NULL, 0 no, 1 yes. */
  readonly bools: Int8Array[];
  /** NaN for NULL. */
  readonly ranges: Float64Array[];
  private readonly slot: Int32Array | null;
  private readonly orders = new Map<string, Int32Array>();
  private readonly matches = new Map<string, MatchSet>();
  private unfiltered: FacetCounts | null = null;
  private totals: Omit<InventorySummary, 'lastSyncAt'> | null = null;

  constructor(private readonly db: Db) {
    const batch = db.prepare(BUILD_SQL).raw();
    const idList: number[] = [];
    const packed: number[] = [];
    const ranges = RANGE_DIMS.map(() => [] as number[]);
    const combos: number[] = [];
    const comboOf = new Map<string, number>();
    let after = -Infinity;
    for (;;) {
      // In slices, so the rows as JS arrays never all exist at once.
      const rows = batch.all(after, BUILD_BATCH) as [number, number, unknown, unknown, unknown, string][];
      for (const r of rows) {
        idList.push(r[0]);
        packed.push(r[1]);
        for (let g = 0; g < ranges.length; g++) {
          const v = r[2 + g];
          (ranges[g] as number[]).push(typeof v === 'number' ? v : NaN);
        }
        let combo = comboOf.get(r[5]);
        if (combo === undefined) {
          combo = comboOf.size;
          comboOf.set(r[5], combo);
        }
        combos.push(combo);
      }
      if (rows.length < BUILD_BATCH) break;
      after = idList[idList.length - 1] as number;
    }
    // Each distinct combination of list values, as codes.
    const lists = LIST_DIMS.map(() => ({ values: [] as string[], codeOf: new Map<string, number>() }));
    const comboCodes = new Int32Array(comboOf.size * LIST_DIMS.length);
    for (const [json, combo] of comboOf) {
      const values = JSON.parse(json) as unknown[];
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
    this.portal = new Uint8Array(n);
    this.bools = BOOL_DIMS.map(() => new Int8Array(n));
    const listCodes = LIST_DIMS.map(() => new Int32Array(n));
    for (let p = 0; p < n; p++) {
      const f = packed[p] as number;
      this.portal[p] = f & 3;
      for (let b = 0; b < BOOL_DIMS.length; b++) (this.bools[b] as Int8Array)[p] = FLAG_VALUE[(f >> (2 + 2 * b)) & 3] as number;
      const base = (combos[p] as number) * LIST_DIMS.length;
      for (let l = 0; l < LIST_DIMS.length; l++) (listCodes[l] as Int32Array)[p] = comboCodes[base + l] as number;
    }
    this.lists = lists.map((l, i) => ({ codes: listCodes[i] as Int32Array, values: l.values, codeOf: l.codeOf }));
    this.n = n;
    this.ids = Float64Array.from(idList);
    this.ranges = ranges.map((g) => Float64Array.from(g));
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
   * The listings a search matches, kept per `key` (the search's words) while the snapshot lives:
   * the screen asks for the window and then the facets of the same text. `expression` makes the
   * FTS5 query on a miss.
   */
  match(key: string, expression: () => string): MatchSet {
    const kept = this.matches.get(key);
    if (kept) {
      this.matches.delete(key);
      this.matches.set(key, kept);
      return kept;
    }
    const rowids = this.db.prepare(MATCH_SQL).pluck().all(expression()) as number[];
    const positions = new Int32Array(rowids.length);
    let k = 0;
    for (const id of rowids) {
      const p = this.positionOf(id);
      if (p >= 0) positions[k++] = p;
    }
    const set: MatchSet = { positions: k === positions.length ? positions : positions.slice(0, k), mask: null };
    if (this.matches.size >= MATCHES_KEPT) this.matches.delete(this.matches.keys().next().value as string);
    this.matches.set(key, set);
    return set;
  }

  /** The active filters as tests, in the order filters.ts writes them; each knows its facet dimension. */
  tests(filters: InventoryFilters | undefined): Test[] {
    const out: Test[] = [];
    if (!filters) return out;
    const portal = filters.portal === undefined ? [] : [...new Set([filters.portal].flat())];
    if (portal.length > 0) {
      const want = new Uint8Array(PORTAL.length);
      for (const s of portal) want[PORTAL_CODE[s] as number] = 1;
      const col = this.portal;
      out.push({ dim: 0, pass: (p) => want[col[p] as number] === 1, mark: (c, fails, failed, j) => markCodes(col, want, 0, c, fails, failed, j) });
    }
    LIST_DIMS.forEach((dim: ListDim, l) => {
      const values = filters[dim];
      if (values === undefined || values.length === 0) return;
      const list = this.lists[l] as ListColumn;
      const want = new Uint8Array(list.values.length + 1);
      for (const v of values) {
        const code = list.codeOf.get(v);
        if (code !== undefined) want[code] = 1;
      }
      const codes = list.codes;
      // NULL (-1) lands on the extra last slot, always 0.
      const nullSlot = list.values.length;
      out.push({
        dim: D_LIST + l,
        pass: (p) => want[(codes[p] as number) < 0 ? nullSlot : (codes[p] as number)] === 1,
        mark: (c, fails, failed, j) => markCodes(codes, want, nullSlot, c, fails, failed, j),
      });
    });
    RANGE_DIMS.forEach((dim: RangeDim, g) => {
      const range = filters[dim];
      if (range === undefined || (range.min === undefined && range.max === undefined)) return;
      const col = this.ranges[g] as Float64Array;
      const min = range.min ?? -Infinity;
      const max = range.max ?? Infinity;
      // NaN (NULL) fails both comparisons, as NULL does in SQL.
      out.push({
        dim: D_RANGE + g,
        pass: (p) => (col[p] as number) >= min && (col[p] as number) <= max,
        mark: (c, fails, failed, j) => markRange(col, min, max, c, fails, failed, j),
      });
    });
    BOOL_DIMS.forEach((dim: BoolDim, b) => {
      const wanted = filters[dim];
      if (wanted === undefined) return;
      const col = this.bools[b] as Int8Array;
      const want = wanted ? 1 : 0;
      out.push({ dim: D_BOOL + b, pass: (p) => col[p] === want, mark: (c, fails, failed, j) => markFlag(col, want, c, fails, failed, j) });
    });
    return out;
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

  /** Listing ids of a window: the sort's order walked, skipping what fails. */
  window(match: MatchSet | null, tests: readonly Test[], sort: InventorySort, offset: number, limit: number): number[] {
    const order = this.order(sort);
    const desc = sort.dir === 'desc';
    const len = order.length;
    const out: number[] = [];
    if (match === null && tests.length === 0) {
      for (let k = offset; k < Math.min(len, offset + limit); k++) out.push(this.ids[order[desc ? len - 1 - k : k] as number] as number);
      return out;
    }
    let mask: Uint8Array | null = null;
    if (match !== null) {
      mask = match.mask;
      if (mask === null) {
        mask = new Uint8Array(this.n);
        for (const p of match.positions) mask[p] = 1;
        match.mask = mask;
      }
    }
    let skip = offset;
    outer: for (let k = 0; k < len && out.length < limit; k++) {
      const p = order[desc ? len - 1 - k : k] as number;
      if (mask !== null && mask[p] === 0) continue;
      for (const t of tests) if (!t.pass(p)) continue outer;
      if (skip > 0) {
        skip--;
        continue;
      }
      out.push(this.ids[p] as number);
    }
    return out;
  }

  /** Positions in ascending sort order (descending walks it backwards: the id breaks ties both ways). */
  private order(sort: InventorySort): Int32Array {
    const kept = this.orders.get(sort.field);
    if (kept) return kept;
    const ids = this.db.prepare(orderSql(sort)).pluck().all() as number[];
    const order = new Int32Array(ids.length);
    let k = 0;
    for (const id of ids) {
      const p = this.positionOf(id);
      if (p >= 0) order[k++] = p;
    }
    // Another connection wrote between the snapshot and this read: use it once, keep nothing.
    if (k !== this.n || ids.length !== this.n) return order.slice(0, k);
    this.orders.set(sort.field, order);
    return order;
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
    for (let d = 0; d < DIMS; d++) {
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
    const portal = new Float64Array(3);
    let highlighted = 0;
    let withProblems = 0;
    let withRejected = 0;
    const hl = this.bools[BOOL_DIMS.indexOf('highlighted')] as Int8Array;
    const problems = this.bools[BOOL_DIMS.indexOf('hasProblems')] as Int8Array;
    const rejected = this.bools[BOOL_DIMS.indexOf('hasRejectedPhotos')] as Int8Array;
    for (let p = 0; p < this.n; p++) {
      const state = this.portal[p] as number;
      portal[state] = (portal[state] as number) + 1;
      // Highlighted on the portal: a listing off it is highlighted nowhere ('pending' is still on it).
      if (hl[p] === 1 && state !== 1) highlighted++;
      if (problems[p] === 1) withProblems++;
      if (rejected[p] === 1) withRejected++;
    }
    this.totals = {
      total: this.n,
      onPortal: portal[0] as number,
      notOnPortal: portal[1] as number,
      unpublishPending: portal[2] as number,
      highlighted,
      withProblems,
      withRejectedPhotos: withRejected,
    };
    return this.totals;
  }
}

/** The statement that reads a sort's order: the sort's index when it has one. */
export function orderSql(sort: InventorySort): string {
  return `SELECT v.id FROM vehicles v ORDER BY ${orderBy({ field: sort.field, dir: 'asc' })}`;
}
export const matchSql = MATCH_SQL;

// Small monomorphic loops: V8 compiles each to a few instructions a listing.
function markCodes(codes: Int32Array | Uint8Array, want: Uint8Array, nullSlot: number, candidates: Int32Array, fails: Uint8Array, failed: Uint8Array, j: number): void {
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
  private readonly portal = new Float64Array(PORTAL.length);
  private readonly listCounts: Int32Array[];
  private readonly yes = new Float64Array(BOOL_DIMS.length);
  private readonly no = new Float64Array(BOOL_DIMS.length);
  private readonly min = new Float64Array(RANGE_DIMS.length).fill(Infinity);
  private readonly max = new Float64Array(RANGE_DIMS.length).fill(-Infinity);

  constructor(private readonly s: Snapshot) {
    this.listCounts = s.lists.map((l) => new Int32Array(l.values.length));
  }

  /** Counts the listings at `positions` in dimension `dim`: one tight loop over one column. */
  add(dim: number, positions: Int32Array, length: number): void {
    const s = this.s;
    if (dim === 0) {
      countCodes(s.portal, positions, length, this.portal);
    } else if (dim < D_BOOL) {
      countCodes((s.lists[dim - D_LIST] as ListColumn).codes, positions, length, this.listCounts[dim - D_LIST] as Int32Array);
    } else if (dim < D_RANGE) {
      const b = dim - D_BOOL;
      countYesNo(s.bools[b] as Int8Array, positions, length, this.yes, this.no, b);
    } else {
      const g = dim - D_RANGE;
      minMax(s.ranges[g] as Float64Array, positions, length, this.min, this.max, g);
    }
  }

  result(): FacetCounts {
    const yesNo = (b: BoolDim): YesNoCount => ({ yes: this.yes[BOOL_DIMS.indexOf(b)] as number, no: this.no[BOOL_DIMS.indexOf(b)] as number });
    const bounds = (g: RangeDim): RangeBounds => {
      const i = RANGE_DIMS.indexOf(g);
      const min = this.min[i] as number;
      return min === Infinity ? { min: null, max: null } : { min, max: this.max[i] as number };
    };
    const list = (l: ListDim): FacetValue[] => {
      const i = LIST_DIMS.indexOf(l);
      const counts = this.listCounts[i] as Int32Array;
      const values = (this.s.lists[i] as ListColumn).values;
      const out: FacetValue[] = [];
      for (let c = 0; c < counts.length; c++) if ((counts[c] as number) > 0) out.push({ value: values[c] as string, count: counts[c] as number });
      // As SQL's ORDER BY count DESC, value.
      return out.sort((a, b) => b.count - a.count || binaryCompare(a.value, b.value));
    };
    return {
      portal: { on: this.portal[0] as number, off: this.portal[1] as number, pending: this.portal[2] as number },
      active: yesNo('active'),
      type: list('type'),
      brand: list('brand'),
      fuel: list('fuel'),
      gearbox: list('gearbox'),
      color: list('color'),
      brandNew: yesNo('brandNew'),
      highlighted: yesNo('highlighted'),
      hasProblems: yesNo('hasProblems'),
      hasRejectedPhotos: yesNo('hasRejectedPhotos'),
      year: bounds('year'),
      price: bounds('price'),
      mileage: bounds('mileage'),
    };
  }
}

/** The snapshot of the current state, rebuilt when the generation moved; never kept from inside a transaction. */
export interface Snapshots {
  current(): Snapshot;
  /** True when `current()` would answer without building (the listings did not change since). */
  ready(): boolean;
}

export function snapshots(db: Db, generation: Generation): Snapshots {
  let kept: { token: string; snapshot: Snapshot } | null = null;
  return {
    ready: () => kept !== null && kept.token === generation.token(),
    current(): Snapshot {
      const token = generation.token();
      if (kept !== null && kept.token === token) return kept.snapshot;
      const snapshot = new Snapshot(db);
      if (generation.cacheable()) kept = { token, snapshot };
      else kept = null;
      return snapshot;
    },
  };
}

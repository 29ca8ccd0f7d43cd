// The full-text index's terms and their listings, in memory: the sorted vocabulary and one
// posting list per term, read from FTS5 itself (fts5vocab), so a term is exactly the term FTS5
// made and the listings it holds are exactly FTS5's. A search of a few words is then a few loops
// over typed arrays in JS (a 2-letter prefix that matches 99% of 100,000 listings: about 1 ms)
// where FTS5 walks its doclists through SQLite's virtual-table interface row by row (6–14 ms for
// the same prefix, more with words AND-ed, bench/cache-search.ts).
//
// Reading it costs about a second at 100,000 listings (6 million postings), so it is read in
// small steps (`SearchIndexBuilder.step`), between the reader's questions, and only used when it
// was read from the listings as they are now (the generation's token); until then, and whenever
// a word is one FTS5 alone can read (see `indexableWord`), the search runs in FTS5 as before.
// About 30 MB at 100,000 listings: 4 bytes a posting, the terms as strings.
import type { Db } from './db';
import type { Generation } from './generation';
import { binaryCompare } from './binary-order';

/** A step of the reader thread's reading (account-session/worker.ts): progress, and a question waits for little. */
export const INDEX_STEP_MS = 10;
/** Terms read per statement: a step stops at the first boundary after its budget. */
const TERMS_PER_READ = 4096;
/** Postings per chunk: a term's list never spans two chunks (a larger term gets its own). */
const CHUNK = 1 << 20;
const MAX_ROWID = 0x7fffffff;

export class SearchIndex {
  constructor(
    /** The generation's token the index was read at. */
    readonly token: string,
    private readonly terms: readonly string[],
    /** Per term: its chunk, first and past-the-last posting. */
    private readonly chunkOf: Int32Array,
    private readonly from: Int32Array,
    private readonly to: Int32Array,
    private readonly chunks: readonly Int32Array[],
  ) {}

  get termCount(): number {
    return this.terms.length;
  }

  /**
   * One round of an AND: each listing holding `word` as a term (`exact`) or a term starting with
   * it, as FTS5's `"word"` and `"word"*` match, goes from `round` to `round + 1` in `hits` (by its
   * position, `slot[rowid]`). After n rounds, the listings at n matched all n words; a listing
   * holding several of the terms moves once.
   */
  advance(word: string, exact: boolean, round: number, hits: Uint8Array, slot: Int32Array): void {
    const next = round + 1;
    for (let t = this.lowerBound(word); t < this.terms.length; t++) {
      const term = this.terms[t] as string;
      if (exact ? term !== word : !term.startsWith(word)) break;
      const chunk = this.chunks[this.chunkOf[t] as number] as Int32Array;
      const end = this.to[t] as number;
      for (let i = this.from[t] as number; i < end; i++) {
        const id = chunk[i] as number;
        const p = id < slot.length ? (slot[id] as number) : -1;
        if (p >= 0 && hits[p] === round) hits[p] = next;
      }
    }
  }

  /** How many postings `advance` would visit: the cheaper words are intersected first. */
  postings(word: string, exact: boolean): number {
    let total = 0;
    for (let t = this.lowerBound(word); t < this.terms.length; t++) {
      const term = this.terms[t] as string;
      if (exact ? term !== word : !term.startsWith(word)) break;
      total += (this.to[t] as number) - (this.from[t] as number);
    }
    return total;
  }

  /** The first term not before `word` in FTS5's order (the UTF-8 bytes' order, as binaryCompare). */
  private lowerBound(word: string): number {
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (binaryCompare(this.terms[mid] as string, word) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * Reads the index a slice of terms at a time. Writes between two steps (the token moved) start it
 * over: every step reads the same state of the listings, or the result is thrown away.
 */
export class SearchIndexBuilder {
  private token: string | null = null;
  private after = '';
  private terms: string[] = [];
  private chunkOf: number[] = [];
  private from: number[] = [];
  private to: number[] = [];
  private chunks: Int32Array[] = [];
  private used = 0;
  /** A rowid the index cannot hold (negative, or past 2^31): this state of the listings is searched in FTS5. */
  private unreadable = false;
  private readonly read;

  constructor(
    db: Db,
    private readonly generation: Generation,
  ) {
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.showroom_search_postings USING fts5vocab(main, 'vehicles_fts', 'instance')`);
    // fts5vocab walks the index in term order and consumes `term >`, so GROUP BY needs no sort and
    // a read starts where the last one stopped. The listings of a term come as one text.
    this.read = db
      .prepare<[string, number], [string, string]>(
        'SELECT term, group_concat(doc) FROM temp.showroom_search_postings WHERE term > ? GROUP BY term ORDER BY term LIMIT ?',
      )
      .raw();
  }

  /**
   * Reads terms for about `budgetMs`; answers the finished index, or null while terms remain (or
   * inside a transaction, where what is read may still roll back).
   */
  step(budgetMs: number): SearchIndex | null {
    if (!this.generation.cacheable()) return null;
    const token = this.generation.token();
    if (token !== this.token) this.restart(token);
    if (this.unreadable) return null;
    const until = performance.now() + budgetMs;
    for (;;) {
      let rows = 0;
      for (const [term, docs] of this.read.iterate(this.after, TERMS_PER_READ)) {
        rows++;
        const readable = this.add(term, docs);
        this.after = term;
        // Leaving the loop ends the statement; the next read starts after the last term kept.
        if (!readable || performance.now() >= until) return null;
      }
      if (rows < TERMS_PER_READ) return this.finish(token);
    }
  }

  /** True when this state of the listings cannot be indexed: stepping on would read it again for nothing. */
  stuck(): boolean {
    return this.unreadable && this.token === this.generation.token();
  }

  private restart(token: string): void {
    this.token = token;
    this.after = '';
    this.terms = [];
    this.chunkOf = [];
    this.from = [];
    this.to = [];
    this.chunks = [];
    this.used = 0;
    this.unreadable = false;
  }

  /** One term and its listings, given as decimal rowids separated by commas; false when a rowid cannot be held. */
  private add(term: string, docs: string): boolean {
    // An upper bound on the count: one comma fewer than the numbers, each at least one digit.
    const most = (docs.length + 1) >> 1;
    let chunk = this.chunks[this.chunks.length - 1];
    if (chunk === undefined || this.used + most > chunk.length) {
      chunk = new Int32Array(Math.max(CHUNK, most));
      this.chunks.push(chunk);
      this.used = 0;
    }
    const start = this.used;
    let k = start;
    let value = 0;
    for (let i = 0; i < docs.length; i++) {
      const c = docs.charCodeAt(i);
      if (c === 44) {
        if (value > MAX_ROWID) this.unreadable = true;
        chunk[k++] = value;
        value = 0;
      } else if (c >= 48 && c <= 57) {
        value = value * 10 + (c - 48);
      } else {
        this.unreadable = true;
      }
    }
    if (value > MAX_ROWID) this.unreadable = true;
    if (docs.length > 0) chunk[k++] = value;
    this.used = k;
    this.terms.push(term);
    this.chunkOf.push(this.chunks.length - 1);
    this.from.push(start);
    this.to.push(k);
    return !this.unreadable;
  }

  private finish(token: string): SearchIndex {
    // The last chunk is rarely full: only what it holds is kept.
    const last = this.chunks.length - 1;
    if (last >= 0) this.chunks[last] = (this.chunks[last] as Int32Array).slice(0, this.used);
    const index = new SearchIndex(token, this.terms, Int32Array.from(this.chunkOf), Int32Array.from(this.from), Int32Array.from(this.to), this.chunks);
    this.restart(token);
    return index;
  }
}

/** The index of the listings as they are now, read in steps between the reader's questions. */
export interface SearchIndexes {
  /** The index, when it was read from the listings as they are now (and outside a transaction); else null. */
  current(): SearchIndex | null;
  /** Reads part of the index for about `budgetMs`; true while more remains (call again on a later turn). */
  step(budgetMs: number): boolean;
}

export function searchIndexes(db: Db, generation: Generation): SearchIndexes {
  let builder: SearchIndexBuilder | null = null;
  let kept: SearchIndex | null = null;
  const current = (): SearchIndex | null => (kept !== null && generation.cacheable() && kept.token === generation.token() ? kept : null);
  return {
    current,
    step(budgetMs: number): boolean {
      if (!generation.cacheable()) return false;
      if (current() !== null) return false;
      // The listings changed: the old index answers nothing now, its memory goes before the new one's is read.
      kept = null;
      builder ??= new SearchIndexBuilder(db, generation);
      kept = builder.step(budgetMs);
      return kept === null && !builder.stuck();
    },
  };
}

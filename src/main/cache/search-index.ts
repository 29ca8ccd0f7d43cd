// The full-text index's terms and their listings, in memory: the sorted vocabulary and one
// posting list per term, read from FTS5 itself (fts5vocab), so a term is exactly the term FTS5
// made and the listings it holds are exactly FTS5's. A search of a few words is then a few loops
// over typed arrays in JS, where FTS5 walks its doclists through SQLite's virtual-table interface
// row by row (and since schema 11, which dropped the prefix entries, merges the doclists of every
// term a prefix begins): many times faster for a broad prefix (bench/cache-search.ts; the figures
// are in docs/measurements.md).
//
// Reading it costs much more than a question (millions of postings at 100,000 listings), so it is read in
// small steps (`SearchIndexBuilder.step`), between the reader's questions, and only used when it
// was read from the listings as they are now (the generation's token); until then, and whenever
// a word is one FTS5 alone can read (see fts.ts, `indexedWords`), the search runs in FTS5 as before.
// Once read, it is saved beside the cache, and the next start loads it (search-index-file.ts).
// The postings take a byte or two each (as gaps), and the terms are kept as strings.
import type { Db } from './db';
import type { Generation } from './generation';
import { binaryCompare } from './binary-order';

/** Between two terms where they are joined into one text (the tokenizer keeps no NUL in a term). */
export const TERM_SEPARATOR = '\0';

/** A step of the reader thread's reading (account-session/worker.ts): progress, and a question waits for little. */
export const INDEX_STEP_MS = 10;
/** Terms read per statement: a step stops at the first boundary after its budget. */
const TERMS_PER_READ = 4096;
/** Bytes per chunk of postings: a term's list never spans two chunks (a larger term gets its own). */
const CHUNK = 1 << 22;
const MAX_ROWID = 0x7fffffff;

export class SearchIndex {
  constructor(
    /** The generation's token the index was read at. */
    readonly token: string,
    private readonly terms: readonly string[],
    /** Per term: its chunk, first and past-the-last byte of its postings. */
    private readonly chunkOf: Int32Array,
    private readonly from: Int32Array,
    private readonly to: Int32Array,
    /** Each term's rowids, ascending, as the gaps between them in LEB128 (7 bits a byte): a dense term takes a byte a listing. */
    private readonly chunks: readonly Uint8Array[],
    /** The terms joined by NUL, as read in steps, until `parts` hands them over (joining them all at once is longer than a step). */
    private termText: string | null = null,
  ) {}

  get termCount(): number {
    return this.terms.length;
  }

  /**
   * The terms in order, and their postings end to end: term t's are bytes `offsets[t]` to
   * `offsets[t + 1]` of the chunks one after the other (search-index-file.ts saves them). Null if
   * a chunk does not hold its terms' postings back to back from its first byte (never, as read).
   * `text`: the terms joined by NUL (handed over once: the index does not keep it).
   */
  parts(): { terms: readonly string[]; text: string; offsets: Int32Array; postings: Uint8Array[] } | null {
    const postings: Uint8Array[] = [];
    const offsets = new Int32Array(this.terms.length + 1);
    let base = 0;
    let chunk = -1;
    let end = 0;
    for (let t = 0; t < this.terms.length; t++) {
      const c = this.chunkOf[t] as number;
      if (c !== chunk) {
        if (chunk >= 0) postings.push((this.chunks[chunk] as Uint8Array).subarray(0, end));
        base += end;
        chunk = c;
        end = 0;
      }
      if (this.from[t] !== end) return null;
      offsets[t] = base + end;
      end = this.to[t] as number;
    }
    if (chunk >= 0) postings.push((this.chunks[chunk] as Uint8Array).subarray(0, end));
    offsets[this.terms.length] = base + end;
    const text = this.termText ?? this.terms.join(TERM_SEPARATOR);
    this.termText = null;
    return { terms: this.terms, text, offsets, postings };
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
      const chunk = this.chunks[this.chunkOf[t] as number] as Uint8Array;
      const end = this.to[t] as number;
      let id = 0;
      for (let i = this.from[t] as number; i < end;) {
        let b = chunk[i++] as number;
        let gap = b & 127;
        for (let shift = 7; b >= 128; shift += 7) {
          b = chunk[i++] as number;
          gap |= (b & 127) << shift;
        }
        id += gap;
        const p = id < slot.length ? (slot[id] as number) : -1;
        if (p >= 0 && hits[p] === round) hits[p] = next;
      }
    }
  }

  /** The size of the postings `advance` would read (bytes): the cheaper words are intersected first. */
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
  /** The terms read so far joined by NUL, a step's worth per piece, and how many terms the pieces hold. */
  private text: string[] = [];
  private joined = 0;
  private chunkOf: number[] = [];
  private from: number[] = [];
  private to: number[] = [];
  private chunks: Uint8Array[] = [];
  /** One term's postings as they are encoded, before they are copied into a chunk. */
  private scratch = new Uint8Array(1 << 16);
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
        if (!readable || performance.now() >= until) return this.pause();
      }
      if (rows < TERMS_PER_READ) return this.finish(token);
    }
  }

  /** True when this state of the listings cannot be indexed: stepping on would read it again for nothing. */
  stuck(): boolean {
    return this.unreadable && this.token === this.generation.token();
  }

  /** Ends a step with its terms joined (a few thousand strings: well under a ms). */
  private pause(): null {
    this.text.push(this.terms.slice(this.joined).join(TERM_SEPARATOR));
    this.joined = this.terms.length;
    return null;
  }

  private restart(token: string): void {
    this.token = token;
    this.after = '';
    this.terms = [];
    this.text = [];
    this.joined = 0;
    this.chunkOf = [];
    this.from = [];
    this.to = [];
    this.chunks = [];
    this.used = 0;
    this.unreadable = false;
  }

  /** One term and its listings, given as ascending decimal rowids separated by commas; false when a rowid cannot be held. */
  private add(term: string, docs: string): boolean {
    if (docs.length === 0) return true;
    // A gap takes no more bytes than its rowid has digits (7 bits a byte, over 3 a digit).
    if (this.scratch.length < docs.length) this.scratch = new Uint8Array(Math.max(docs.length, 2 * this.scratch.length));
    const out = this.scratch;
    let n = 0;
    let previous = 0;
    let value = 0;
    for (let i = 0; i <= docs.length; i++) {
      const c = i < docs.length ? docs.charCodeAt(i) : 44;
      if (c >= 48 && c <= 57) {
        value = value * 10 + (c - 48);
        continue;
      }
      if (c !== 44 || value > MAX_ROWID || value < previous) {
        this.unreadable = true;
        return false;
      }
      for (let gap = value - previous; ; gap >>>= 7) {
        if (gap < 128) {
          out[n++] = gap;
          break;
        }
        out[n++] = (gap & 127) | 128;
      }
      previous = value;
      value = 0;
    }
    let chunk = this.chunks[this.chunks.length - 1];
    if (chunk === undefined || this.used + n > chunk.length) {
      chunk = new Uint8Array(Math.max(CHUNK, n));
      this.chunks.push(chunk);
      this.used = 0;
    }
    chunk.set(out.subarray(0, n), this.used);
    this.terms.push(term);
    this.chunkOf.push(this.chunks.length - 1);
    this.from.push(this.used);
    this.to.push(this.used + n);
    this.used += n;
    return true;
  }

  private finish(token: string): SearchIndex {
    // The last chunk is rarely full: only what it holds is kept.
    const last = this.chunks.length - 1;
    if (last >= 0) this.chunks[last] = (this.chunks[last] as Uint8Array).slice(0, this.used);
    this.pause();
    const text = this.text.filter((piece) => piece !== '').join(TERM_SEPARATOR);
    const index = new SearchIndex(token, this.terms, Int32Array.from(this.chunkOf), Int32Array.from(this.from), Int32Array.from(this.to), this.chunks, text);
    this.restart(token);
    return index;
  }
}

/** The index saved beside one cache (search-index-file.ts), read and written by the connection that reads the index. */
export interface SavedSearchIndex {
  /** The saved index when it was read from the searchable text as it is now, tagged with the generation's token; else null. */
  load(): SearchIndex | null;
  /** Saves `index` when it is still the index of the text as it is now (best effort: a failure keeps the old file or none). */
  save(index: SearchIndex): void;
}

/** The index of the listings as they are now, read in steps between the reader's questions. */
export interface SearchIndexes {
  /** The index, when it was read from the listings as they are now (and outside a transaction); else null. */
  current(): SearchIndex | null;
  /**
   * Reads part of the index for about `budgetMs`; true while more remains (call again on a later
   * turn). The first step at each state of the listings only loads the index saved beside the
   * cache (search-index-file.ts), when it was saved from that state; an index read from FTS5 is
   * saved by the step after its last.
   */
  step(budgetMs: number): boolean;
}

export function searchIndexes(db: Db, generation: Generation, saved: SavedSearchIndex | null): SearchIndexes {
  let builder: SearchIndexBuilder | null = null;
  let kept: SearchIndex | null = null;
  /** The state of the listings whose saved index was tried. */
  let triedFile: string | null = null;
  /** Read from FTS5, not saved yet. */
  let unsaved: SearchIndex | null = null;
  const current = (): SearchIndex | null => (kept !== null && generation.cacheable() && kept.token === generation.token() ? kept : null);
  return {
    current,
    step(budgetMs: number): boolean {
      if (!generation.cacheable()) return false;
      if (current() !== null) {
        if (unsaved !== null && unsaved === kept) saved?.save(unsaved);
        unsaved = null;
        return false;
      }
      // The listings changed: the old index answers nothing now, its memory goes before the new one's is read.
      kept = null;
      unsaved = null;
      const token = generation.token();
      if (saved !== null && triedFile !== token) {
        triedFile = token;
        kept = saved.load();
        return kept === null;
      }
      builder ??= new SearchIndexBuilder(db, generation);
      kept = builder.step(budgetMs);
      if (kept !== null && saved !== null) {
        unsaved = kept;
        return true;
      }
      return kept === null && !builder.stuck();
    },
  };
}

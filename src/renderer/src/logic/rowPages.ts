// A sparse cache of inventory rows, fetched in fixed-size pages by offset, so that a 100,000-row
// list only ever holds what the dealer scrolled past. DOM-free: unit-tested under Node.

/**
 * Rows per page: a little more than a list shows on a large screen (about 15 rows of 60 px in a
 * 1080p window, 22 in a 1440p one), so a keystroke's new list is one request whose answer is
 * little more than what is drawn: every row asked for is read, cloned between threads, encoded,
 * sent and decoded before the first one is drawn (twice as many rows per answer made a keystroke's
 * round trip longer, bench/renderer-inventory.ts; docs/measurements.md).
 */
export const ROW_PAGE_SIZE = 25;
/** Pages kept at most; the farthest from the last request are dropped first. */
export const MAX_CACHED_PAGES = 80;

/** Page indexes covering rows [start, end] (inclusive), clamped to [0, total). */
export function pagesForRange(start: number, end: number, total: number, pageSize = ROW_PAGE_SIZE): number[] {
  if (total <= 0 || end < start) return [];
  const first = Math.max(0, Math.floor(start / pageSize));
  const last = Math.min(Math.floor((total - 1) / pageSize), Math.floor(Math.max(0, end) / pageSize));
  const pages: number[] = [];
  for (let p = first; p <= last; p++) pages.push(p);
  return pages;
}

export class RowPages<Row> {
  private readonly pages = new Map<number, Row[]>();
  private readonly loading = new Set<number>();

  constructor(
    readonly pageSize = ROW_PAGE_SIZE,
    readonly maxPages = MAX_CACHED_PAGES,
  ) {}

  get(index: number): Row | undefined {
    return this.pages.get(Math.floor(index / this.pageSize))?.[index % this.pageSize];
  }

  /** The rows of one page, when it is cached. */
  page(page: number): Row[] | undefined {
    return this.pages.get(page);
  }

  /** Pages of the range neither cached nor being fetched; marks them as being fetched. */
  claimMissing(start: number, end: number, total: number): number[] {
    const missing = pagesForRange(start, end, total, this.pageSize).filter((p) => !this.pages.has(p) && !this.loading.has(p));
    for (const p of missing) this.loading.add(p);
    return missing;
  }

  store(page: number, rows: Row[]): void {
    this.loading.delete(page);
    this.pages.set(page, rows);
    this.evict(page);
  }

  /** A fetch failed: forget the claim so that a later scroll retries it. */
  release(page: number): void {
    this.loading.delete(page);
  }

  clear(): void {
    this.pages.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.pages.size;
  }

  private evict(around: number): void {
    if (this.pages.size <= this.maxPages) return;
    const far = [...this.pages.keys()].sort((a, b) => Math.abs(b - around) - Math.abs(a - around));
    for (const p of far.slice(0, this.pages.size - this.maxPages)) this.pages.delete(p);
  }
}

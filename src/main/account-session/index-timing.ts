// When the reader thread reads the cache's in-memory search index (cache/search-index.ts): seconds
// of one core on a large stock, in short steps between questions. Read as the account opened, it
// ran beside the window's first load and made the first rows wait for the CPU
// (bench/renderer-inventory.ts; docs/measurements.md). So it waits:
// - for the dealer's first search: read now, between that search's questions (FTS5 answers them
//   until it is read);
// - else for a quiet moment: INDEX_QUIET_MS with no question after one (the window's first rows,
//   counts and facets come in a burst, then the reader is idle).
// After every question the listings may have changed (another thread wrote): the same rule reads
// the index again. Pure; worker.ts runs it. An index saved beside the cache from the listings as
// they are is loaded as the account opens, and none of this waits for it (search-index-file.ts).
import { searchWords } from '../cache/fts';

/** How long the reader waits with no question before it reads its search index. */
export const INDEX_QUIET_MS = 500;

export type IndexTiming = 'now' | 'when_quiet';

/** When to read the search index after answering `method` with `args`. */
export function indexTiming(method: string, args: readonly unknown[]): IndexTiming {
  if (method !== 'query' && method !== 'facets') return 'when_quiet';
  const query = args[0];
  const text = typeof query === 'object' && query !== null && 'text' in query ? query.text : undefined;
  return typeof text === 'string' && searchWords(text).length > 0 ? 'now' : 'when_quiet';
}

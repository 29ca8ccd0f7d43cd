// Fills an account's cache file with generated listings the way a full sync would leave it, in
// seconds instead of minutes: no HTTP, no 2,000 pages; the cache's own pass API (stage in
// chunks, commit once: columns, raw JSON, search index, run record, last-sync time). For
// benchmarks and for end-to-end tests of a big inventory (test/e2e/big-inventory.spec.ts could
// seed with it instead of syncing 100,000 listings from the sandbox).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { openCache } from '../../src/main/cache/index';
import { generateVehicles, type GenerateOptions } from '../../src/sandbox/generator';

export interface SeedResult {
  vehicles: number;
  /** Generating the listings. */
  generateMs: number;
  /** Staging and committing them. */
  writeMs: number;
}

const CHUNK = 2_000;

/**
 * Writes `count` listings from the sandbox's generator (`seed`, and `options` such as the
 * sandbox's origin for photo and listing URLs: the same stock a sandbox started with
 * `{ vehicles: count, seed }` serves) into `cacheFile` as one committed full pass. Creates the
 * file and its folder when needed; listings already there and not generated are removed, as a
 * full sync would.
 */
export function seedCache(cacheFile: string, count: number, seed = 11, options: GenerateOptions = {}): SeedResult {
  mkdirSync(dirname(cacheFile), { recursive: true });
  let started = performance.now();
  const vehicles = generateVehicles(count, seed, options);
  const generateMs = performance.now() - started;
  const cache = openCache(cacheFile);
  try {
    started = performance.now();
    const pass = cache.passes.begin('full');
    for (let i = 0; i < vehicles.length; i += CHUNK) pass.stage(vehicles.slice(i, i + CHUNK));
    const result = pass.commit({ pages: Math.ceil(count / 50) });
    cache.optimize();
    return { vehicles: result.counts.added + result.counts.changed + result.counts.unchanged, generateMs, writeMs: performance.now() - started };
  } finally {
    cache.close();
  }
}

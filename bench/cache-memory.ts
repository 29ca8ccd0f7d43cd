// Memory of the process that holds the cache: a child process opens a 100,000-vehicle cache and
// runs the inventory's reads (searches, filtered windows, facets, summary, listing details);
// its resident set size is measured from inside. Goal: ≤ 300 MB RSS.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INDEX_STEP_MS, openCache } from '../src/main/cache/index';
import { parseVehicle } from '../src/shared/vehicle';
import { benchVehicles, isMain, printResult, round, withTempDir, type BenchResult } from './lib/cache-bench';
import { realisticQueries } from './lib/search-queries';

const COUNT = Number(process.env.BENCH_MEMORY_COUNT ?? 100_000);
const GOAL_MB = 300;
const MB = 1024 * 1024;

interface ChildReport {
  baselineMb: number;
  openedMb: number;
  afterQueriesMb: number;
  peakMb: number;
  queries: number;
}

/** Runs in the child: open, read like the inventory screen does, report memory. */
function child(file: string): void {
  const baselineMb = process.memoryUsage().rss / MB;
  const cache = openCache(file);
  const openedMb = process.memoryUsage().rss / MB;
  // The search index, read as the reader thread reads it between questions.
  while (cache.indexSearch(INDEX_STEP_MS));
  // Queries drawn from real listings of the cache (their plates, models, references).
  const sample = cache.queryVehicles({ window: { offset: 0, limit: 500 } }).rows.map((r) => cache.getVehicle(r.reference)?.vehicle ?? {});
  const queries = realisticQueries(sample, 300);
  let ran = 0;
  for (const q of queries) {
    cache.queryVehicles(q);
    ran++;
  }
  // The first key of a word, every letter and digit: the reader keeps the last 12 of these
  // matches (LETTER_MATCHES_KEPT in cache/snapshot.ts), most of them a large part of the stock.
  for (const letter of 'abcdefghijklmnopqrstuvwxyz0123456789') cache.queryVehicles({ text: letter, window: { offset: 0, limit: 25 } });
  for (let offset = 0; offset < 5000; offset += 100) cache.queryVehicles({ window: { offset, limit: 100 }, sort: { field: 'value', dir: 'asc' } });
  for (const text of ['', 'flex', 'toyota', 'com']) cache.facetCounts({ text, filters: { active: true } });
  cache.summary();
  for (const v of sample.slice(0, 200)) cache.getVehicle(v.reference ?? '');
  ran += 36 + 50 + 4 + 1 + 200;
  globalThis.gc?.();
  const report: ChildReport = {
    baselineMb,
    openedMb,
    afterQueriesMb: process.memoryUsage().rss / MB,
    peakMb: process.resourceUsage().maxRSS / 1024,
    queries: ran,
  };
  cache.close();
  process.stdout.write(JSON.stringify(report));
}

export async function run(): Promise<BenchResult> {
  return withTempDir((dir) => {
    const file = join(dir, 'cache.db');
    const cache = openCache(file);
    cache.vehicles.upsertMany(benchVehicles(COUNT).map((v) => ({ parsed: parseVehicle(v), raw: JSON.stringify(v) })));
    cache.close();
    const result = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', file], {
      encoding: 'utf8',
      maxBuffer: 1024 * 1024,
    });
    if (result.status !== 0) throw new Error(`memory child failed: ${result.stderr}`);
    const report = JSON.parse(result.stdout) as ChildReport;
    return {
      name: 'cache-memory',
      figures: {
        vehicles: COUNT,
        'reads run': report.queries,
        'RSS before opening MB': round(report.baselineMb, 1),
        'RSS opened MB': round(report.openedMb, 1),
        'RSS after reads MB': round(report.afterQueriesMb, 1),
        'peak RSS MB': round(report.peakMb, 1),
      },
      ratio: report.peakMb,
      goal: `≤ ${GOAL_MB} MB peak RSS`,
      pass: report.peakMb <= GOAL_MB,
    };
  });
}

const childAt = process.argv.indexOf('--child');
if (childAt >= 0) child(process.argv[childAt + 1] ?? '');
else if (isMain(import.meta.url)) printResult(await run());

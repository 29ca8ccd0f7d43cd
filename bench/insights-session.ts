// The Insights screen's aggregates at 100,000 listings, as the account session computes them
// (cache.insights over the inventory's snapshot, schema 14's columns and indexes): warm (the
// snapshot already built, as after the inventory's first read), and cold (the first read after a
// write, which rebuilds the snapshot first); the snapshot's rebuild alone beside it.
// Goal: ≤ 100 ms warm. Not a test: figures for docs/measurements.md.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { openCache } from '../src/main/cache/index';
import { seedCache } from './lib/seed-cache';
import { isMain, percentile, printResult, round, timeMs, withTempDir, type BenchResult } from './lib/cache-bench';

const COUNT = Number(process.env.BENCH_INSIGHTS_COUNT ?? 100_000);
const RUNS = 15;
const GOAL_MS = 100;

export async function run(): Promise<BenchResult> {
  return withTempDir((dir) => {
    const file = join(dir, 'cache.db');
    seedCache(file, COUNT);
    const cache = openCache(file);
    try {
      const median = (fn: () => void) =>
        percentile(
          Array.from({ length: RUNS }, () => timeMs(fn)).sort((a, b) => a - b),
          50,
        );
      const first = timeMs(() => cache.insights());
      const warm = median(() => cache.insights());
      const cold = median(() => {
        cache.invalidate();
        cache.insights();
      });
      const rebuild = median(() => {
        cache.invalidate();
        cache.summary();
      });
      return {
        name: 'insights-session',
        figures: {
          vehicles: COUNT,
          'first insights ms (snapshot built, code cold)': round(first, 1),
          [`insights ms, warm (median of ${RUNS})`]: round(warm, 1),
          [`insights ms after a write (snapshot rebuilt first; median of ${RUNS})`]: round(cold, 1),
          [`snapshot rebuild ms (median of ${RUNS})`]: round(rebuild, 1),
          'load average (1/5/15 min)': loadavg()
            .map((l) => l.toFixed(2))
            .join(' / '),
        },
        ratio: warm,
        goal: `≤ ${GOAL_MS} ms, every aggregate (snapshot built)`,
        pass: warm <= GOAL_MS,
      };
    } finally {
      cache.close();
    }
  });
}

if (isMain(import.meta.url)) printResult(await run());

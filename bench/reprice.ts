// Bulk repricing in the session's own code (main/changes/reprice.ts over a cache of the generator's
// stock): the preview of a rule over every listing of a 100,000-listing inventory (the listings read
// from the snapshot's selection, the rule applied, the summary and the first lines), and saving
// 10,000 repriced listings as pending edits in one transaction. Goals: preview ≤ 200 ms, save ≤ 1 s.
import { join } from 'node:path';
import { openCache } from '../src/main/cache/index';
import { createRepricing } from '../src/main/changes/reprice';
import { parseVehicle } from '../src/shared/vehicle';
import { benchVehicles, isMain, percentile, printResult, round, timeMs, withTempDir, type BenchResult } from './lib/cache-bench';

const COUNT = Number(process.env.BENCH_REPRICE_COUNT ?? 100_000);
const SAVED = Number(process.env.BENCH_REPRICE_SAVED ?? 10_000);
const ROUNDS = 7;
const PREVIEW_GOAL_MS = 200;
const SAVE_GOAL_MS = 1_000;

const median = (xs: number[]): number =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

export async function run(): Promise<BenchResult[]> {
  const stock = benchVehicles(COUNT);
  return withTempDir((dir) => {
    const cache = openCache(join(dir, 'reprice.db'));
    cache.vehicles.upsertMany(stock.map((v) => ({ parsed: parseVehicle(v), raw: JSON.stringify(v) })));
    const repricing = createRepricing(cache);
    const everything = { query: {} };
    const rule = { change: { kind: 'percent', percent: -5 }, round: '990', min: 20_000 } as const;

    const first = timeMs(() => repricing.preview(everything, rule));
    const previews: number[] = [];
    let changed = 0;
    for (let i = 0; i < ROUNDS; i++)
      previews.push(
        timeMs(() => {
          changed = repricing.preview(everything, rule).summary.changed;
        }),
      );

    const chosen = cache
      .listingPrices({ query: {} })
      .filter((p) => p.price !== null && p.price > 10_000)
      .slice(0, SAVED)
      .map((p) => p.reference);
    const saves: number[] = [];
    let saved = 0;
    for (let i = 0; i < 3; i++) {
      let batch = '';
      saves.push(
        timeMs(() => {
          const result = repricing.confirm({ references: chosen }, { change: { kind: 'amount', amount: -(100 + i) } });
          saved = result.saved;
          batch = result.batch;
        }),
      );
      repricing.discard(batch);
    }
    cache.close();
    const previewMs = median(previews);
    const saveMs = median(saves);
    const results: BenchResult[] = [
      {
        name: 'reprice-preview',
        figures: { listings: COUNT, changed, 'first preview ms': round(first, 1), 'preview ms (median)': round(previewMs, 1) },
        ratio: previewMs / PREVIEW_GOAL_MS,
        goal: `≤ ${PREVIEW_GOAL_MS} ms`,
        pass: previewMs <= PREVIEW_GOAL_MS,
      },
      {
        name: 'reprice-save',
        figures: { 'pending edits saved': saved, 'save ms (median of 3)': round(saveMs, 1), 'save ms (each)': saves.map((s) => round(s, 0)).join(', ') },
        ratio: saveMs / SAVE_GOAL_MS,
        goal: `≤ ${SAVE_GOAL_MS} ms`,
        pass: saveMs <= SAVE_GOAL_MS,
      },
    ];
    return results;
  });
}

if (isMain(import.meta.url)) for (const r of await run()) printResult(r);

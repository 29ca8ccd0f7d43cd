// Sending a bulk repricing: 1,000 pending price edits delivered by the next sync's first step (the
// ledger's flush, main/changes/deliver.ts) to a portal that allows 50 requests per 10-second window.
// Each edit is a fresh read and a PUT (main/changes/kinds/edit.ts: the PUT replaces every field),
// so the rate limit decides how long it takes: the figure is our time ÷ the floor the limit allows.
// Goal: ≤ 1.10, and zero 429s.
//
// The floor: 1 (JWT) + 2 × 1,000 requests; the sandbox's window opens at the first request and
// admits 50, so the last one goes no earlier than (ceil(2,001 / 50) − 1) × 10 s after the first.
// The listings are synced first (not timed); the ones repriced are those whose data the portal's
// write rules accept as it is (a listing they refuse is not sent, and would not measure sending).
import { createRepricing } from '../src/main/changes/reprice';
import { editBody } from '../src/main/changes/kinds/edit';
import { writeValuesOf } from '../src/shared/listing-write-read';
import { isMain, printResult, type BenchResult } from './lib/result';
import { machineLoad, r2, syncBench, timed } from './lib/sync-bench';

const EDITS = Number(process.env.BENCH_REPRICE_SEND_COUNT ?? 1_000);
const LIMIT = 50;
const WINDOW_MS = Number(process.env.BENCH_REPRICE_SEND_WINDOW_MS ?? 10_000);
const GOAL = 1.1;

export async function run(): Promise<BenchResult> {
  const vehicles = Math.ceil(EDITS * 1.5);
  const bench = await syncBench(['--vehicles', String(vehicles), '--seed', '7', '--rate-limit', String(LIMIT), '--rate-window', String(WINDOW_MS)]);
  try {
    const { engine, cache } = bench.engine();
    const synced = await engine.run({ kind: 'full' });
    if (synced.outcome !== 'succeeded') throw new Error(`sync ${synced.outcome}: ${synced.error?.message ?? ''}`);
    const listings = cache.listingsOf(cache.listingPrices({ query: {} }).map((p) => p.reference));
    const sendable = [...listings].filter(([reference, v]) => {
      try {
        editBody(reference, writeValuesOf(v), [{ value: (v.value ?? 0) + 1 }], null);
        return true;
      } catch {
        return false;
      }
    });
    if (sendable.length < EDITS) throw new Error(`only ${sendable.length} listings the portal's rules accept as they are`);
    const saved = createRepricing(cache).confirm({ references: sendable.slice(0, EDITS).map(([r]) => r) }, { change: { kind: 'amount', amount: -500 } });
    // Wait out the window the sync opened, so the send starts with a fresh one (as a sync would after a pause).
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    await bench.sb.resetStats();
    const { ms, value: flushed } = await timed(() => engine.flushChanges());
    const stats = await bench.sb.stats();
    const minimumRequests = 1 + 2 * saved.saved;
    const floorMs = (Math.ceil(minimumRequests / LIMIT) - 1) * WINDOW_MS;
    const ratio = ms / floorMs;
    return {
      name: 'reprice-send',
      figures: {
        'edits sent': flushed.sent.edit ?? 0,
        'edits left': flushed.remaining,
        'rate limit': `${LIMIT} per ${WINDOW_MS / 1000} s`,
        'requests made': stats.api,
        'requests needed (JWT + read and PUT each)': minimumRequests,
        'floor ms': floorMs,
        'send ms': Math.round(ms),
        '429s': stats.rateLimited,
        'machine load (1 min)': machineLoad(),
        ratio: r2(ratio),
      },
      ratio,
      goal: `≤ ${GOAL} and 0 × 429`,
      pass: ratio <= GOAL && stats.rateLimited === 0 && flushed.remaining === 0,
    };
  } finally {
    await bench.close();
  }
}

if (isMain(import.meta.url)) printResult(await run());

// Sending 1,000 pending edits (issue 31, item 8): each is a read of the listing and a PUT built
// from it (changes/kinds/edit.ts), so 2,000 requests through a portal that allows 50 per 10-second
// window. The limit decides how long it takes: the figure is our time ÷ the floor it allows.
// Goal: ≤ 1.10, and no 429.
//
// The floor: 2,000 requests, 50 a window, the window opening at the first of them (the bench sets
// the limit again just before, which starts every window afresh): the last can go no earlier than
// (ceil(2,000 / 50) − 1) × 10 s = 390 s after the first. Counted from the start of the flush to its end.
import { createChanges } from '../src/main/changes/ledger';
import { isMain, printResult, type BenchResult } from './lib/result';
import { machineLoad, r2, syncBench, timed } from './lib/sync-bench';

const EDITS = Number(process.env.BENCH_EDIT_SENDS ?? 1_000);
const LIMIT = 50;
const WINDOW_MS = 10_000;
const GOAL = 1.1;

export async function run(): Promise<BenchResult> {
  const bench = await syncBench(['--vehicles', String(EDITS), '--seed', '7', '--rate-limit', String(LIMIT), '--rate-window', String(WINDOW_MS)]);
  try {
    const { engine, cache } = bench.engine();
    const synced = await engine.run({ kind: 'full' });
    if (synced.outcome !== 'succeeded') throw new Error(`sync ${synced.outcome}: ${synced.error?.message ?? ''}`);
    // Saved as the dealer saves offline: one edit a listing, waiting in the ledger.
    const changes = createChanges(cache);
    const rows = [];
    for (let offset = 0; offset < EDITS; offset += 500) rows.push(...cache.queryVehicles({ window: { offset, limit: Math.min(500, EDITS - offset) } }).rows);
    for (const row of rows) changes.save('edit', row.reference, { value: (row.price ?? 50_000) + 100 });
    await bench.sb.setRateLimit(LIMIT, WINDOW_MS);
    await bench.sb.resetStats();
    const { ms, value: flushed } = await timed(() => engine.flushChanges());
    const stats = await bench.sb.stats();
    const sent = flushed.sent.edit ?? 0;
    const needed = 2 * rows.length;
    const floorMs = (Math.ceil(needed / LIMIT) - 1) * WINDOW_MS;
    const ratio = ms / floorMs;
    return {
      name: 'edit-send',
      figures: {
        edits: rows.length,
        sent,
        'left unsent': flushed.remaining,
        'rate limit': `${LIMIT} per ${WINDOW_MS / 1000} s`,
        'requests made': stats.api,
        'requests needed (a read and a PUT each)': needed,
        'floor ms ((ceil(needed/50) − 1) × 10 s)': floorMs,
        'flush ms': Math.round(ms),
        '429s': stats.rateLimited,
        'machine load (1 min)': machineLoad(),
        ratio: r2(ratio),
      },
      ratio,
      goal: `≤ ${GOAL} and 0 × 429`,
      pass: ratio <= GOAL && stats.rateLimited === 0 && sent === rows.length,
    };
  } finally {
    await bench.close();
  }
}

if (isMain(import.meta.url)) printResult(await run());

// Full sync of 10,000 vehicles from a portal 30 ms away (every request waits 30 ms) with no rate
// limit: one page at a time (the same engine with concurrency 1) ÷ ours (concurrency 6), side by
// side in one run, each into a fresh cache file. Goal: ≥ 3.
//
// Both include the same local work (parsing, staging each page, the commit of the whole pass),
// which parallel requests cannot shorten; the figures show it apart, with the ratio of the
// reading part alone.
import type { Cache } from '../src/main/cache';
import { printResult, isMain, type BenchResult } from './lib/result';
import { machineLoad, r2, syncBench, timed } from './lib/sync-bench';

const VEHICLES = Number(process.env.BENCH_SYNC_VEHICLES ?? 10_000);
const LATENCY_MS = 30;
const GOAL = 3;

/** Times the pass's commit (the local work after the last page). */
function commitTimer(cache: Cache): { ms: number } {
  const timer = { ms: 0 };
  const begin = cache.passes.begin.bind(cache.passes);
  cache.passes.begin = (kind) => {
    const pass = begin(kind);
    const commit = pass.commit.bind(pass);
    pass.commit = (extra) => {
      const start = performance.now();
      try {
        return commit(extra);
      } finally {
        timer.ms += performance.now() - start;
      }
    };
    return pass;
  };
  return timer;
}

export async function run(): Promise<BenchResult> {
  const bench = await syncBench(['--vehicles', String(VEHICLES), '--seed', '9', '--latency', String(LATENCY_MS)]);
  try {
    const sequential = bench.engine({ concurrency: 1 });
    const sequentialCommit = commitTimer(sequential.cache);
    const oneAtATime = await timed(() => sequential.engine.run({ kind: 'full' }));
    const parallel = bench.engine();
    const oursCommit = commitTimer(parallel.cache);
    const ours = await timed(() => parallel.engine.run({ kind: 'full' }));
    for (const r of [oneAtATime.value, ours.value]) if (r.outcome !== 'succeeded') throw new Error(`sync ${r.outcome}: ${r.error?.message ?? ''}`);
    const ratio = oneAtATime.ms / ours.ms;
    return {
      name: 'sync-latency',
      figures: {
        vehicles: parallel.cache.countVehicles({}),
        'latency ms': LATENCY_MS,
        'requests (each sync)': ours.value.details.requests ?? 0,
        'one page at a time ms': Math.round(oneAtATime.ms),
        'ours (6 in parallel) ms': Math.round(ours.ms),
        'commit ms (one at a time / ours)': `${Math.round(sequentialCommit.ms)} / ${Math.round(oursCommit.ms)}`,
        'reading only, one at a time ÷ ours': r2((oneAtATime.ms - sequentialCommit.ms) / (ours.ms - oursCommit.ms)),
        'machine load (1 min)': machineLoad(),
        ratio: r2(ratio),
      },
      ratio,
      goal: `≥ ${GOAL}`,
      pass: ratio >= GOAL,
    };
  } finally {
    await bench.close();
  }
}

if (isMain(import.meta.url)) printResult(await run());

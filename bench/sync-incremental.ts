// Incremental sync with nothing changed on 10,000 cached vehicles, right after the full sync in
// the same process (so the JWT is already held): requests made, counted by the sandbox. Goal: ≤ 2
// (the plan and page 1 of the newest-first order).
import { printResult, isMain, type BenchResult } from './lib/result';
import { machineLoad, syncBench, timed } from './lib/sync-bench';

const VEHICLES = Number(process.env.BENCH_SYNC_VEHICLES ?? 10_000);
const GOAL = 2;

export async function run(): Promise<BenchResult> {
  const bench = await syncBench(['--vehicles', String(VEHICLES), '--seed', '42']);
  try {
    const { engine, cache, portal } = bench.engine();
    const full = await engine.run({ kind: 'full' });
    if (full.outcome !== 'succeeded') throw new Error(`full sync ${full.outcome}`);
    await bench.sb.resetStats();
    const clientBefore = portal.stats().requests;
    const { ms, value: report } = await timed(() => engine.run());
    if (report.outcome !== 'succeeded' || report.kind !== 'incremental') throw new Error(`incremental sync ${report.kind} ${report.outcome}`);
    const stats = await bench.sb.stats();
    const requests = stats.api;
    const routes = Object.entries(stats.byRoute)
      .filter(([route]) => !route.includes('/_sandbox'))
      .map(([route, byStatus]) => `${route} ×${Object.values(byStatus).reduce((a, b) => a + b, 0)}`)
      .join(', ');
    return {
      name: 'sync-incremental',
      figures: {
        'cached vehicles': cache.countVehicles({}),
        'requests (sandbox)': requests,
        'requests (client)': portal.stats().requests - clientBefore,
        routes,
        'changes found': report.counts.added + report.counts.changed + report.counts.removed,
        'incremental sync ms': Math.round(ms),
        'machine load (1 min)': machineLoad(),
      },
      ratio: requests,
      goal: `≤ ${GOAL} requests`,
      pass: requests <= GOAL,
    };
  } finally {
    await bench.close();
  }
}

if (isMain(import.meta.url)) printResult(await run());

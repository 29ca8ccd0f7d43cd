// Shared by the cache benchmarks: timing helpers, a temp
// folder, and a stock of vehicles from the sandbox's generator (the same data the demo shows).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateVehicles } from '../../src/sandbox/generator';

export { isMain, printResult, type BenchResult } from './result';

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export function timeMs(fn: () => void): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export function withTempDir<T>(fn: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'showroom-bench-'));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Realistic dealer stock: src/sandbox/generator.ts, deterministic for a seed. */
export function benchVehicles(count: number, seed = 42): unknown[] {
  return generateVehicles(count, seed);
}

export const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits;

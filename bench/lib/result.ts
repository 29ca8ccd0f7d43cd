// What every benchmark returns, so `npm run bench` can print them side by side.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
export interface BenchResult {
  name: string;
  /** The measured figures, named with their unit (e.g. `p95Ms`, `rssMb`). */
  figures: Record<string, number | string>;
  /** The headline ratio (or count) the goal is stated in. */
  ratio: number;
  /** The goal in words, e.g. "≤ 1.10 and no 429". */
  goal: string;
  pass: boolean;
}

/** Prints one result the same way everywhere. */
export function printResult(r: BenchResult): void {
  const figures = Object.entries(r.figures)
    .map(([k, v]) => `${k}=${typeof v === 'number' ? Number(v.toFixed(3)) : v}`)
    .join(' ');
  console.log(`${r.pass ? 'PASS' : 'MISS'} ${r.name}: ${Number(r.ratio.toFixed(3))} (goal ${r.goal}) ${figures}`);
}

/** True when the module is the script node was asked to run (not imported by bench/run.ts). */
export function isMain(importMetaUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  return importMetaUrl === pathToFileURL(resolve(entry)).href;
}

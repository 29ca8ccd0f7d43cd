// `npm run bench`: every benchmark in bench/*.ts, one after the other, then a table of ratios.
// Each bench measures its comparison side by side in its own run; none of this is a test.
//   npm run bench                 all of them
//   npm run bench -- search sync  only those whose file name contains one of the words
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { printResult, type BenchResult } from './lib/result';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const files = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .filter((f) => only.length === 0 || only.some((w) => f.includes(w)))
  .sort();

const results: BenchResult[] = [];
const failures: string[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { run?: () => Promise<BenchResult | BenchResult[]> };
  if (typeof mod.run !== 'function') continue;
  console.log(`\n--- ${file}`);
  const started = performance.now();
  try {
    const out = await mod.run();
    for (const r of Array.isArray(out) ? out : [out]) {
      printResult(r);
      results.push(r);
    }
  } catch (error) {
    failures.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    console.error(`${file} failed:`, error);
  }
  console.log(`(${file} took ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

console.log('\n=== benchmarks');
for (const r of results) printResult(r);
for (const f of failures) console.log(`FAILED ${f}`);
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(join(here, 'results', 'latest.json'), `${JSON.stringify({ at: new Date().toISOString(), results, failures }, null, 2)}\n`);
console.log(`${results.filter((r) => r.pass).length} goals met, ${results.filter((r) => !r.pass).length} missed, ${failures.length} benches failed`);
process.exit(failures.length ? 1 : 0);

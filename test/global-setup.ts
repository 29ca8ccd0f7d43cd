// Once per `vitest run`: the command line compiled as it ships (scripts/build-cli.mjs, esbuild), into
// a folder of this run's own, so the CLI tests start plain Node on the bundle instead of loading
// every source file through the TypeScript loader in each child process. A run of its own folder:
// two runs at once in one checkout never read each other's half-written bundle.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const REPO = fileURLToPath(new URL('../', import.meta.url));

export default function setup(project: TestProject): () => void {
  // …/cli/index.mjs: the entry starts itself when run under that name (src/main/cli/index.ts).
  const run = join(REPO, 'out', `test-run-${process.pid}`);
  const dir = join(run, 'cli');
  const r = spawnSync(process.execPath, [join(REPO, 'scripts/build-cli.mjs'), '--outdir', dir], { cwd: REPO, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`scripts/build-cli.mjs failed: ${r.stderr}`);
  project.provide('cliEntry', join(dir, 'index.mjs'));
  return () => rmSync(run, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    cliEntry: string;
  }
}

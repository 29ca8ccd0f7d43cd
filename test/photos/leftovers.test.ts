// Partial photo files a killed process left (issue 12, defect 8): removed at the next start,
// never counted against the budget; a live process's download in progress is left alone.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openCache, type Cache } from '../../src/main/cache/index';
import { createPhotoCache } from '../../src/main/photos/index';

const ROOT = join(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CHILD = join(ROOT, 'test/photos/fixtures/stage-child.ts');

let root: string;
let cache: Cache;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'showroom-leftovers-'));
  cache = openCache(join(root, 'cache.sqlite'));
});
afterEach(() => {
  cache.close();
  rmSync(root, { recursive: true, force: true });
});

/** Starts a child that stages one file; resolves once it is written, with a way to kill it. */
function stagingChild(dir: string, fill: number): Promise<{ kill(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [CHILD, dir, String(fill)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    const exited = new Promise<void>((done) => child.on('exit', () => done()));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('staged ')) resolve({ kill: () => killGroup(child.pid ?? 0, exited) });
    });
    child.on('exit', (code, signal) => {
      if (signal === null) reject(new Error(`child exited ${code}: ${stderr}`));
    });
  });
}

/** SIGKILLs the child's process group (tsx and the node it runs), and waits until every member is gone. */
async function killGroup(pid: number, exited: Promise<void>): Promise<void> {
  process.kill(-pid, 'SIGKILL');
  await exited;
  for (let i = 0; i < 200; i++) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

const tempFiles = (dir: string) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.tmp'));

it('a download killed before its rename leaves a partial file the next start removes; a live one is kept', { timeout: 60_000 }, async () => {
  const dir = join(root, 'photos');
  const killed = await stagingChild(dir, 1);
  const live = await stagingChild(dir, 2);
  try {
    expect(tempFiles(dir)).toHaveLength(2);
    await killed.kill();
    const photos = createPhotoCache({ cache, dir, budgetBytes: 1 << 20, portalBaseUrl: 'http://127.0.0.1/integration/v2' });
    // The killed process's file is gone; the running one's is still being written.
    expect(tempFiles(dir)).toHaveLength(1);
    expect(photos.usage()).toMatchObject({ bytes: 0, files: 0 });
  } finally {
    await live.kill();
  }
  createPhotoCache({ cache, dir, budgetBytes: 1 << 20, portalBaseUrl: 'http://127.0.0.1/integration/v2' });
  expect(tempFiles(dir)).toEqual([]);
});

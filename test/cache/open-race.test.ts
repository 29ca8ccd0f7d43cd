// Several processes opening the same new cache file at once (issue 28, item 6: two first syncs
// into an empty data folder): each must open it, none may run a schema step another already ran
// ("table vehicles already exists") or give up on the other's write lock, and the file ends up
// with the latest schema and one identity.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { LATEST_VERSION } from '../../src/main/cache/index';
import { tempDir, type TempDir } from './helpers';

const CHILD = join(import.meta.dirname, 'fixtures/open-child.ts');
const PROCESSES = 3;
const ROUNDS = 4;

let t: TempDir;
beforeEach(() => {
  t = tempDir();
});
afterEach(() => t.cleanup());

/** Starts the child and resolves once it is ready, with the promise of its answer. */
function startChild(file: string): Promise<{ child: ChildProcess; answer: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, file], { stdio: ['pipe', 'pipe', 'inherit'] });
    child.on('error', reject);
    const lines = createInterface({ input: child.stdout });
    let answered: (line: string) => void = () => undefined;
    const answer = new Promise<string>((r) => (answered = r));
    lines.on('line', (line) => {
      if (line === 'ready') resolve({ child, answer });
      else answered(line);
    });
    child.on('exit', (code) => answered(`exited ${code}`));
  });
}

it('processes that open one new cache file at the same moment all open it', { timeout: 120_000 }, async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const folder = join(t.dir, `round-${round}`);
    mkdirSync(folder);
    const file = join(folder, 'cache.sqlite');
    const children = await Promise.all(Array.from({ length: PROCESSES }, () => startChild(file)));
    for (const { child } of children) child.stdin!.end('go\n');
    const answers = await Promise.all(children.map((c) => c.answer));
    expect(answers, `round ${round}`).toEqual(Array.from({ length: PROCESSES }, () => 'ok'));
    const db = new Database(file, { readonly: true });
    db.prepare('ATTACH DATABASE ? AS local').run(join(folder, 'cache.local.sqlite'));
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    const ids = db.prepare("SELECT value FROM main.meta WHERE key = 'cache_id' UNION SELECT value FROM local.local_meta WHERE key = 'cache_id'").pluck().all();
    expect(ids).toHaveLength(1);
    db.close();
  }
});

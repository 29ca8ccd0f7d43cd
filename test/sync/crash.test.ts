// Crash safety: a sync in a child process is killed (SIGKILL) after the first page is staged,
// in the middle, after the last page, and while it commits. The cache must open intact, hold
// exactly the previous snapshot (or, if the kill came after the commit, exactly the new one),
// and the next sync must converge to the portal's data.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../src/main/cache';
import { createSyncEngine } from '../../src/main/sync';
import type { Sandbox } from '../../src/sandbox';
import { clientFor, differences, NO_DIFFERENCES, sandbox, snapshotOf, tempFolder } from './helpers';
import { sqlOf } from '../cache/helpers';

const ROOT = join(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CHILD = join(ROOT, 'test/sync/fixtures/sync-child.ts');

interface Killed {
  lines: string[];
  /** The child finished before the kill landed. */
  finished: boolean;
}

/** Runs the child until `when(line, lines)` is true, then SIGKILLs it. */
function runChildAndKill(file: string, sb: Sandbox, when: (line: string, lines: string[]) => boolean): Promise<Killed> {
  return new Promise((resolve, reject) => {
    // tsx runs the script in a node process of its own: the child gets a process group, and the
    // kill goes to the whole group (killing only tsx would leave the sync running, orphaned).
    const child = spawn(TSX, [CHILD, file, sb.baseUrl, sb.integrationToken, 'full'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const lines: string[] = [];
    let stderr = '';
    let killed = false;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (!killed && when(line, lines)) {
        killed = true;
        process.kill(-(child.pid ?? 0), 'SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') return resolve({ lines, finished: false });
      if (code === 0) return resolve({ lines, finished: true });
      reject(new Error(`child exited with ${code}: ${stderr}`));
    });
  });
}

function integrity(file: string): string {
  const cache = openCache(file);
  try {
    return sqlOf(cache).pragma('integrity_check', { simple: true }) as string;
  } finally {
    cache.close();
  }
}

function snapshotOfFile(file: string) {
  const cache = openCache(file);
  try {
    // Staged pages live in a TEMP table: a killed process takes them with it.
    return { ...snapshotOf(cache), staged: sqlOf(cache).prepare('SELECT count(*) AS n FROM temp.sync_staging').get() };
  } finally {
    cache.close();
  }
}

describe('crash safety', () => {
  it('a sync killed at any point leaves the previous snapshot intact, and the next sync converges', { timeout: 180_000 }, async () => {
    const sb = await sandbox({ vehicles: 1500, seed: 41 });
    const file = join(tempFolder(), 'account.db');

    // The previous snapshot, then changes on the portal that a finished sync would apply.
    const first = openCache(file);
    await createSyncEngine({ cache: first, portal: clientFor(sb.baseUrl, sb.integrationToken) }).run();
    first.close();
    const list = sb.data.list();
    sb.clock.advance(60_000);
    for (const v of list.filter((_, i) => i % 3 === 0)) sb.data.upsert({ reference: v.reference, value: v.value + 1_000, title: `${v.title} (revisado)` });
    for (const v of list.filter((_, i) => i % 97 === 5)) sb.data.remove(v.reference);
    for (let i = 0; i < 20; i++) sb.data.upsert({ reference: `ZZZ-CRASH-${i}` });
    const before = snapshotOfFile(file);
    sb.faults.set({ latencyMs: 15 });

    const pages = Math.ceil(sb.data.count() / 50);
    const staged = (line: string) => (line.startsWith('staged ') ? Number(line.slice(7)) : 0);
    const points: Array<[string, (line: string) => boolean]> = [
      ['first page staged', (line) => staged(line) === 1],
      ['a middle page staged', (line) => staged(line) === Math.floor(pages / 2)],
      // One staging per page read, the head of the newest-first order included; a page whose items all came before stages nothing.
      ['last page staged', (line) => staged(line) === pages],
      ['during the commit', (line) => line === 'committing'],
    ];
    let committedBeforeKill = false;
    for (const [name, when] of points) {
      const result = await runChildAndKill(file, sb, when);
      expect(result.finished, `${name}: the child finished before it was killed`).toBe(false);
      expect(integrity(file), name).toBe('ok');
      const after = snapshotOfFile(file);
      if (name === 'during the commit' && result.lines.includes('committed')) committedBeforeKill = true;
      if (committedBeforeKill) {
        // The kill landed after the commit's transaction: then it is the whole new snapshot.
        const cache = openCache(file);
        expect(differences(cache, sb), name).toEqual(NO_DIFFERENCES);
        cache.close();
      } else {
        expect({ ...after, staged: undefined }, name).toEqual({ ...before, staged: undefined });
      }
    }

    // The next sync, in this process, converges exactly.
    sb.faults.clear();
    const cache = openCache(file);
    const run = await createSyncEngine({ cache, portal: clientFor(sb.baseUrl, sb.integrationToken) }).run();
    expect(run.outcome).toBe('succeeded');
    expect(differences(cache, sb)).toEqual(NO_DIFFERENCES);
    expect(sqlOf(cache).prepare('SELECT count(*) AS n FROM temp.sync_staging').get()).toEqual({ n: 0 });
    expect(sqlOf(cache).prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'sync_staging'").get()).toEqual({ n: 0 });
    // The interrupted runs are on record as failed, not left running.
    expect(cache.runs.recent(10).filter((r) => r.endedAt === null)).toEqual([]);
    cache.close();
  });
});

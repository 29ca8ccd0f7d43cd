// Two processes on one data folder (issue 12, defects 4 and 8): real child processes, a real
// sandbox portal slowed down so that their work overlaps, real files.
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { cli, json, tempDataDir, type CliResult } from './helpers';

let sb: Sandbox;
let data: { dir: string; cleanup(): void };
const VEHICLES = 300;

const run = (args: string[], options: Parameters<typeof cli>[1] = {}) =>
  cli([...args, '--data-dir', data.dir], { ...options, env: { SHOWROOM_TOKEN: sb.integrationToken, ...options.env } });

beforeAll(async () => {
  sb = await startSandbox({ vehicles: VEHICLES, seed: 5, integrationToken: 'cli-concurrency-token-0123456789' });
  data = tempDataDir();
});
afterAll(async () => {
  await sb.close();
  data.cleanup();
});

async function accountFolder(): Promise<string> {
  const [account] = json<Array<{ id: string }>>(await run(['accounts', 'list', '--json']));
  return join(data.dir, 'accounts', account!.id);
}

async function waitFor(test: () => boolean, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!test()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Whether process `pid` has `file` open (Linux). */
function hasOpen(pid: number, file: string): boolean {
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === file;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

describe('two processes, one data folder', () => {
  it('two `accounts add` at once: both accounts are kept', async () => {
    const adds = await Promise.all(
      ['Loja Norte', 'Loja Sul', 'Loja Leste'].map((name) => run(['accounts', 'add', '--name', name, '--base-url', sb.baseUrl, '--no-keychain'])),
    );
    for (const r of adds) expect(r.code, r.stderr).toBe(0);
    const names = json<Array<{ name: string }>>(await run(['accounts', 'list', '--json'])).map((a) => a.name);
    expect(names.sort()).toEqual(['Loja Leste', 'Loja Norte', 'Loja Sul']);
    // Only the one that stays is synced below.
    for (const name of ['Loja Sul', 'Loja Leste']) expect((await run(['accounts', 'remove', name, '--no-keychain'])).code).toBe(0);
  });

  it('a second sync says one is already running (exit 10) while readers keep answering', { timeout: 120_000 }, async () => {
    const folder = await accountFolder();
    // The portal holds the listing pages: the first sync still runs while the others start, however long they take to.
    sb.hold.hold('GET /vehicles');
    try {
      const first = run(['sync', '--no-photos']);
      // The first one has started once its cache is open (and, with this fix, once it holds the sync lock).
      await waitFor(() => existsSync(join(folder, 'cache.sqlite')) && readdirSync(folder).some((f) => f.endsWith('-wal')));
      await waitFor(() => existsSync(join(folder, 'cache.sqlite.sync.lock')), 30_000);
      await sb.hold.whenHeld(1);
      const [second, status, search] = await Promise.all([run(['sync', '--no-photos']), run(['status', '--json']), run(['search', '--json'])]);
      sb.hold.release();
      const done: CliResult = await first;
      expect(done.code, done.stderr).toBe(0);
      expect(second.code, second.stderr).toBe(10);
      expect(second.stderr).toMatch(/A sync is already running \(started .+ by the command line, process \d+\)/);
      expect(status.code, status.stderr).toBe(0);
      expect(search.code, search.stderr).toBe(0);
    } finally {
      sb.hold.release();
    }
    // Once the first is done, the next one runs.
    const after = await run(['sync', '--no-photos']);
    expect(after.code, after.stderr).toBe(0);
  });

  it('a sync killed while it runs does not block the next one', { timeout: 120_000 }, async () => {
    const folder = await accountFolder();
    sb.faults.set({ latencyMs: 400 });
    try {
      const killed = await run(['sync', '--full', '--no-photos'], {
        onSpawn: (child) => {
          void waitFor(() => existsSync(join(folder, 'cache.sqlite.sync.owner.json'))).then(
            () => {
              child.kill('SIGKILL');
            },
            () => undefined,
          );
        },
      });
      expect(killed.code).toBeNull();
    } finally {
      sb.faults.clear();
    }
    // At once, within the lock's stale period: its holder is known dead, so it is taken over.
    const next = await run(['sync', '--no-photos']);
    expect(next.code, next.stderr).toBe(0);
  });

  // Linux: the test sees through /proc when each process has the new file open.
  it.runIf(process.platform === 'linux')(
    'two first syncs into an empty data folder at the same moment: one syncs, the other is refused (exit 10) or waits and syncs',
    { timeout: 240_000 },
    async () => {
      const token = { env: { SHOWROOM_TOKEN: sb.integrationToken } };
      // A data folder with the account added and nothing else, copied for each round.
      const empty = mkdtempSync(join(tmpdir(), 'showroom-cli-first-'));
      const dirs = [empty];
      try {
        const added = await cli(['accounts', 'add', '--name', 'Loja', '--base-url', sb.baseUrl, '--no-keychain', '--data-dir', empty], token);
        expect(added.code, added.stderr).toBe(0);
        const [account] = json<Array<{ id: string }>>(await cli(['accounts', 'list', '--json', '--data-dir', empty], token));
        for (let round = 0; round < 4; round++) {
          const dir = `${empty}-${round}`;
          cpSync(empty, dir, { recursive: true });
          dirs.push(dir);
          const cacheFile = join(dir, 'accounts', account!.id, 'cache.sqlite');
          mkdirSync(dirname(cacheFile), { recursive: true });
          // Each process is held at its first read of the new, empty cache file by a lock this
          // test holds, and stopped once it has the file open; the lock is let go while both are
          // stopped, and both go on together (their busy wait ended while they were stopped).
          const gate = new Database(cacheFile);
          gate.exec('BEGIN EXCLUSIVE');
          const children: ChildProcess[] = [];
          const stopped = new Set<number>();
          const syncs = [0, 1].map(() => cli(['sync', '--no-photos', '--data-dir', dir], { ...token, onSpawn: (child) => children.push(child) }));
          await waitFor(() => {
            for (const child of children) if (!stopped.has(child.pid!) && hasOpen(child.pid!, cacheFile) && child.kill('SIGSTOP')) stopped.add(child.pid!);
            return stopped.size === 2;
          });
          gate.exec('ROLLBACK');
          gate.close();
          await new Promise((resolve) => setTimeout(resolve, 200));
          for (const child of children) child.kill('SIGCONT');
          const results = await Promise.all(syncs);
          const said = `round ${round}:\n${results.map((r) => r.stderr).join('\n')}`;
          // Before: exit 1 ("Something went wrong inside Showroom.": a schema step run twice) or exit 9 ("kept busy for too long").
          expect(
            results.map((r) => r.code),
            said,
          ).toContain(0);
          for (const r of results) {
            if (r.code === 0) continue;
            expect(r.code, said).toBe(10);
            expect(r.stderr).toMatch(/A sync is already running \(started .+ by the command line, process \d+\)/);
          }
        }
      } finally {
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

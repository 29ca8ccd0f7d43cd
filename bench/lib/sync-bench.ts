// Shared by the sync benchmarks: the sandbox portal in a process of its own (a real portal is not
// in our process, and its JSON work must not be counted as ours), a fresh cache file, the client
// and engine the app builds, and a timer.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openCache, type Cache } from '../../src/main/cache';
import { createPortalClient, type PortalClient } from '../../src/main/portal';
import { createSyncEngine, type SyncEngine, type SyncEngineDeps } from '../../src/main/sync';
import type { StatsSnapshot } from '../../src/sandbox';

const ROOT = join(import.meta.dirname, '../..');

export interface RemoteSandbox {
  baseUrl: string;
  integrationToken: string;
  stats(): Promise<StatsSnapshot>;
  resetStats(): Promise<void>;
  /** Sets the rate limit again, which opens a fresh window for every client (ratelimit.ts). */
  setRateLimit(limit: number, windowMs: number): Promise<void>;
  close(): Promise<void>;
}

/** `npm run sandbox` in a child process; `args` are its command-line options. */
export async function remoteSandbox(args: string[]): Promise<RemoteSandbox> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/sandbox/cli.ts'), '--json', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise<{ baseUrl: string; integrationToken: string; controlUrl: string }>((resolve, reject) => {
    if (!child.stdout) return reject(new Error('no stdout'));
    createInterface({ input: child.stdout }).once('line', (line) =>
      resolve(JSON.parse(line) as { baseUrl: string; integrationToken: string; controlUrl: string }),
    );
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  return {
    baseUrl: info.baseUrl,
    integrationToken: info.integrationToken,
    stats: async () => (await (await fetch(`${info.controlUrl}/stats`)).json()) as StatsSnapshot,
    resetStats: async () => {
      await fetch(`${info.controlUrl}/stats/reset`, { method: 'POST' });
    },
    setRateLimit: async (limit, windowMs) => {
      await fetch(`${info.controlUrl}/rate-limit`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ limit, windowMs }),
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface SyncBench {
  sb: RemoteSandbox;
  /** A fresh cache file, client and engine over this sandbox. */
  engine(options?: Partial<SyncEngineDeps>): { cache: Cache; portal: PortalClient; engine: SyncEngine };
  close(): Promise<void>;
}

export async function syncBench(sandboxArgs: string[]): Promise<SyncBench> {
  const sb = await remoteSandbox(sandboxArgs);
  const dir = mkdtempSync(join(tmpdir(), 'showroom-sync-bench-'));
  const caches: Cache[] = [];
  return {
    sb,
    engine(engineOptions = {}) {
      const cache = openCache(join(dir, `cache-${caches.length + 1}.db`));
      caches.push(cache);
      const portal = createPortalClient({ baseUrl: sb.baseUrl, integrationToken: sb.integrationToken });
      return { cache, portal, engine: createSyncEngine({ cache, portal, ...engineOptions }) };
    },
    async close() {
      for (const c of caches) c.close();
      await sb.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

/** Load average of the machine (1 min): the benches share it with whatever else runs. */
export const machineLoad = (): number => r2(loadavg()[0] ?? 0);

export const r2 = (n: number): number => Math.round(n * 100) / 100;

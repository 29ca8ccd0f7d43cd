// Sync tests talk to the sandbox over real HTTP and write real SQLite files in temp folders.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { createPortalStatus } from '../../src/main/account-session/portal-status';
import { openCache, type Cache } from '../../src/main/cache';
import { createPortalClient, type PortalClient, type PortalClientOptions } from '../../src/main/portal';
import { createSyncEngine, type SyncEngine, type SyncEngineDeps } from '../../src/main/sync';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox';
import type { SyncProgress } from '../../src/shared/views';
import { sqlOf } from '../cache/helpers';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

export function tempFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'showroom-sync-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export async function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const sb = await startSandbox({ vehicles: 120, ...options });
  cleanups.push(() => sb.close());
  return sb;
}

export function openTestCache(file: string): Cache {
  const cache = openCache(file);
  cleanups.push(() => cache.close());
  return cache;
}

/** The client the app would build, with quick backoff and 429 waits so faults do not slow tests. */
export function clientFor(baseUrl: string, token: string, options: Partial<PortalClientOptions> = {}): PortalClient {
  return createPortalClient({ baseUrl, integrationToken: token, backoffMs: 20, maxBackoffMs: 100, defaultRetryAfterMs: 300, ...options });
}

export interface Rig {
  sb: Sandbox;
  cache: Cache;
  portal: PortalClient;
  engine: SyncEngine;
  events: SyncProgress[];
  connectivity: boolean[];
  file: string;
}

export async function rig(
  options: { sandbox?: SandboxOptions; engine?: Partial<SyncEngineDeps>; client?: Partial<PortalClientOptions>; file?: string; sb?: Sandbox } = {},
): Promise<Rig> {
  const sb = options.sb ?? (await sandbox(options.sandbox));
  const file = options.file ?? join(tempFolder(), 'account.db');
  const cache = openTestCache(file);
  const events: SyncProgress[] = [];
  const holder: { engine?: SyncEngine } = {};
  const { connectivity, hooks } = watchConnectivity(cache);
  const portal = clientFor(sb.baseUrl, sb.integrationToken, { onWait: (e) => holder.engine?.noteWait(e), ...hooks, ...options.client });
  const engine = createSyncEngine({
    cache,
    portal,
    onProgress: (p) => events.push(p),
    ...options.engine,
  });
  holder.engine = engine;
  return { sb, cache, portal, engine, events, connectivity, file };
}

/**
 * The account's portal status as the session keeps it (account-session/portal-status.ts), fed by
 * the client's hooks; `connectivity` lists each change of reachability.
 */
export function watchConnectivity(cache: Cache): { connectivity: boolean[]; hooks: Pick<PortalClientOptions, 'onResponse' | 'onError'> } {
  const status = createPortalStatus(cache.meta);
  const connectivity: boolean[] = [];
  let last: boolean | null = null;
  status.subscribe(({ online }) => {
    if (online === null || online === last) return;
    last = online;
    connectivity.push(online);
  });
  return { connectivity, hooks: { onResponse: (e) => status.noteResponse(e), onError: (e) => status.noteError(e) } };
}

/** reference → JSON text, as the cache holds it. */
export function cacheContents(cache: Cache): Map<string, string> {
  const rows = sqlOf(cache)
    .prepare<[], { reference: string; raw: string }>('SELECT v.reference, j.raw FROM vehicles v JOIN vehicle_json j ON j.vehicle_id = v.id')
    .all();
  return new Map(rows.map((r) => [r.reference, r.raw]));
}

/** reference → JSON text, as the sandbox would serve it now. */
export function sandboxContents(sb: Sandbox): Map<string, string> {
  return new Map(sb.data.list().map((v) => [v.reference, JSON.stringify(v)]));
}

/** Every reference and its updatedAt (and the whole JSON) in the cache equal the sandbox's. */
export function differences(cache: Cache, sb: Sandbox): { missing: string[]; extra: string[]; different: string[] } {
  const ours = cacheContents(cache);
  const theirs = sandboxContents(sb);
  const missing = [...theirs.keys()].filter((r) => !ours.has(r));
  const extra = [...ours.keys()].filter((r) => !theirs.has(r));
  const different = [...theirs.entries()].filter(([r, json]) => ours.has(r) && ours.get(r) !== json).map(([r]) => r);
  return { missing, extra, different };
}

export const NO_DIFFERENCES = { missing: [], extra: [], different: [] };

/** Everything a snapshot test compares: vehicles, publication history, runs aside. */
export function snapshotOf(cache: Cache): { vehicles: Map<string, string>; events: unknown[]; lastSyncAt: string | null } {
  return {
    vehicles: cacheContents(cache),
    events: sqlOf(cache).prepare('SELECT reference, at, from_published, to_published, cause FROM publication_events ORDER BY id').all(),
    lastSyncAt: cache.meta.get('last_sync_at'),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

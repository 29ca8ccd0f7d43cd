// The account session in its worker thread: the same answers as in this thread, a worker killed
// mid-sync recovered with nothing lost, and closing that waits for the database to close.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  openAccountSession,
  openAccountSessionInWorker,
  type AccountSession,
  type AccountSessionSpec,
  type SessionEvent,
} from '../../src/main/account-session';
import { outsideArchive, workerEntry } from '../../src/main/account-session/host';
import { openCache } from '../../src/main/cache';
import { silentLogger } from '../../src/main/base/logger';
import { startSandbox, type Sandbox } from '../../src/sandbox';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(vehicles: number): Promise<{ sb: Sandbox; spec: AccountSessionSpec; host: Parameters<typeof openAccountSession>[1] }> {
  const sb = await startSandbox({ vehicles });
  const dir = mkdtempSync(join(tmpdir(), 'showroom-session-'));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => sb.close(),
  );
  const folder = join(dir, 'accounts', 'a1');
  const spec: AccountSessionSpec = {
    accountId: 'a1',
    baseUrl: sb.baseUrl,
    settings: { photos: 'covers', photoBudgetMB: 50 },
    paths: { folder, cacheFile: join(folder, 'cache.sqlite'), photosDir: join(dir, 'photos'), legacyPhotosDir: join(folder, 'photos') },
    holder: 'the app',
  };
  return { sb, spec, host: { integrationToken: async () => sb.integrationToken, log: silentLogger } };
}

function recorder(session: AccountSession): SessionEvent[] {
  const events: SessionEvent[] = [];
  session.subscribe((event) => events.push(event));
  return events;
}

describe('the account session in a worker thread', () => {
  it('answers as the session in this thread does', async () => {
    const { spec, host } = await setUp(120);
    const worker = await openAccountSessionInWorker(spec, host);
    cleanups.push(() => worker.close());
    const { done } = await worker.startSync({ kind: 'full', photos: false });
    expect((await done).outcome).toBe('succeeded');
    const query = { text: '', filters: {}, sort: { field: 'value', dir: 'desc' }, window: { offset: 10, limit: 20 } } as const;
    const fromWorker = { page: await worker.query(query), summary: await worker.summary(), status: await worker.syncStatus() };
    await worker.close();

    const here = await openAccountSession(spec, host);
    cleanups.push(() => here.close());
    expect(await here.query(query)).toEqual(fromWorker.page);
    expect(await here.summary()).toEqual(fromWorker.summary);
    expect((await here.syncStatus()).lastRun).toEqual(fromWorker.status.lastRun);
    expect(fromWorker.page.total).toBe(120);
  });

  it(
    'a worker killed mid-sync: the run ends as failed, a call in flight fails clearly, the worker is restarted and nothing is lost',
    { timeout: 90_000 },
    async () => {
      const { sb, spec, host } = await setUp(3000);
      const session = await openAccountSessionInWorker(spec, host);
      cleanups.push(() => session.close());
      expect((await (await session.startSync({ kind: 'full', photos: false })).done).outcome).toBe('succeeded');

      // An unpublish while the portal cannot be reached waits in the outbox (in the database).
      sb.faults.set({ resetRate: 1 });
      const [queuedRef] = (await session.query({ text: '', filters: {}, sort: { field: 'reference', dir: 'asc' }, window: { offset: 0, limit: 1 } })).rows.map(
        (r) => r.reference,
      );
      expect(await session.requestPublication('unpublish', [queuedRef!])).toMatchObject([{ reference: queuedRef, outcome: 'queued' }]);
      sb.faults.clear();
      sb.faults.set({ latencyMs: 300 });

      // A full sync that is still reading pages when its worker dies.
      const events = recorder(session);
      const reading = new Promise<void>((resolve) =>
        session.subscribe((e) => e.type === 'progress' && e.progress.phase === 'pages' && e.progress.pagesDone > 0 && resolve()),
      );
      const started = await session.startSync({ kind: 'full', photos: false });
      await reading;
      const inFlight = session.query({ text: '', filters: {}, sort: { field: 'reference', dir: 'asc' }, window: { offset: 0, limit: 50 } });
      await session.worker()!.terminate();

      const ended = await started.done;
      expect(ended).toMatchObject({ id: started.runId, outcome: 'failed', error: { code: 'session.restarted' } });
      // The query either answered before the worker died or failed with the same clear error.
      await inFlight.then(
        (page) => expect(page.total).toBe(3000),
        (error: unknown) => expect(error).toMatchObject({ kind: 'internal', code: 'session.restarted' }),
      );
      await expect.poll(() => events.some((e) => e.type === 'restarted'), { timeout: 15_000 }).toBe(true);

      // Working again, with what was committed and what was queued.
      expect((await session.summary()).total).toBe(3000);
      // The queued unpublish was sent by the killed run's first step, or still waits in the outbox.
      const waiting = (await session.syncStatus()).outboxSize;
      expect(waiting).toBeLessThanOrEqual(1);
      sb.faults.clear();
      const again = await (await session.startSync({ kind: 'full', photos: false })).done;
      expect(again).toMatchObject({ outcome: 'succeeded', counts: { unpublishSent: waiting } });
      expect((await session.syncStatus()).outboxSize).toBe(0);
      const { publication } = await session.vehicle(queuedRef!, { fetchPhotos: false });
      expect(!publication.onPortal || publication.unpublish === 'pending').toBe(true);
    },
  );

  it('publishes again and highlights through the worker: the room first, one outcome each, the list shows the request', async () => {
    const { sb, spec, host } = await setUp(80);
    const published = sb.data.list().filter((v) => v.publication !== null).length;
    sb.data.setPlan({ adsQuantity: published + 1 });
    const worker = await openAccountSessionInWorker(spec, host);
    cleanups.push(() => worker.close());
    expect((await (await worker.startSync({ kind: 'full', photos: false })).done).outcome).toBe('succeeded');
    const room = await worker.publicationRoom();
    expect(room.listings).toEqual({ left: 1, limit: published + 1 });
    const [a, b] = sb.data.list().filter((v) => v.publication === null && v.active);
    const events = recorder(worker);
    const outcomes = await worker.requestPublication('publish', [a?.reference ?? '', b?.reference ?? '']);
    expect(outcomes.map((o) => o.outcome)).toEqual(['sent', 'no_room']);
    expect(events).toContainEqual({ type: 'changed', reason: 'publication' });
    const page = await worker.query({ text: a?.reference ?? '', filters: {}, sort: { field: 'reference', dir: 'asc' }, window: { offset: 0, limit: 5 } });
    expect(page.rows.find((r) => r.reference === a?.reference)?.publication.request).toMatchObject({ action: 'publish', status: 'pending' });
    expect((await worker.publicationRoom()).listings?.left).toBe(0);
  });

  it('a reader thread answers the list from its own connection; losing it loses nothing', async () => {
    const { spec, host } = await setUp(150);
    const session = await openAccountSessionInWorker(spec, host, { reader: true });
    cleanups.push(() => session.close());
    const reader = session.worker('reader');
    expect(reader).not.toBeNull();
    expect(reader!.threadId).not.toBe(session.worker()!.threadId);
    expect((await session.summary()).total).toBe(0);
    expect((await (await session.startSync({ kind: 'full', photos: false })).done).outcome).toBe('succeeded');
    // The reader sees what the session's thread committed (WAL), with no message between them.
    expect((await session.summary()).total).toBe(150);
    const query = { text: '', filters: {}, sort: { field: 'reference', dir: 'asc' }, window: { offset: 0, limit: 5 } } as const;
    const before = await session.query(query);
    await reader!.terminate();
    // Answered by the session's thread until the reader is back, then by the new reader: the same rows.
    expect(await session.query(query)).toEqual(before);
    await expect.poll(() => session.worker('reader') !== null && session.worker('reader') !== reader, { timeout: 15_000 }).toBe(true);
    expect(await session.query(query)).toEqual(before);
  });

  it('closing waits for the worker to close the database (no WAL left behind)', async () => {
    const { spec, host } = await setUp(50);
    const session = await openAccountSessionInWorker(spec, host);
    expect((await (await session.startSync({ kind: 'full', photos: false })).done).outcome).toBe('succeeded');
    const worker = session.worker()!;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    await session.close();
    await exited;
    expect(session.worker()).toBeNull();
    await expect(session.summary()).rejects.toMatchObject({ kind: 'cancelled' });
    // A clean close checkpoints the WAL: the file opens alone, whole.
    const cache = openCache(spec.paths.cacheFile);
    cleanups.push(() => cache.close());
    expect(cache.summary().total).toBe(50);
  });

  it('HTTP through the host’s fetch (Electron’s net.fetch): requests cross to it, and its failures are classified as here', async () => {
    const { spec, host } = await setUp(60);
    const seen: string[] = [];
    let failing = false;
    const hostFetch: typeof globalThis.fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      seen.push(`${init?.method ?? 'GET'} ${new URL(url).pathname}`);
      if (failing) throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1'), { code: 'ECONNREFUSED' }) });
      return globalThis.fetch(input, init);
    };
    const session = await openAccountSessionInWorker(spec, { ...host, fetch: hostFetch });
    cleanups.push(() => session.close());
    const run = await (await session.startSync({ kind: 'full', photos: false })).done;
    expect(run.outcome).toBe('succeeded');
    expect((await session.summary()).total).toBe(60);
    // Every request of the sync went through the host: the token exchange, the plan, the pages.
    expect(seen.some((r) => r.endsWith('/vehicles'))).toBe(true);
    expect(seen.some((r) => r.endsWith('/clients/plan'))).toBe(true);
    expect(seen.every((r) => r.includes('/integration/v2/'))).toBe(true);
    // A connection refused in the host reads as offline in the worker: the plan falls back to the last sync's copy.
    failing = true;
    const plan = await session.plan({ refresh: true });
    expect(plan).toMatchObject({ live: false, notLiveBecause: { kind: 'offline' } });
    expect(session.portalStatus().online).toBe(false);
  });
});

describe('where the worker is', () => {
  it('outside the packaged app’s archive, where Node’s module loader can read it', () => {
    const url = new URL('file:///opt/Showroom/resources/app.asar/out/main/account-session-worker.js');
    expect(outsideArchive(url).pathname).toBe('/opt/Showroom/resources/app.asar.unpacked/out/main/account-session-worker.js');
    // A checkout or an unpacked build is left as it is.
    const plain = new URL('file:///home/dealer/showroom/out/main/account-session-worker.js');
    expect(outsideArchive(plain).href).toBe(plain.href);
  });

  it('the built worker when there is one beside the bundle, else the source through tsx', () => {
    const dir = mkdtempSync(join(tmpdir(), 'showroom-entry-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const bundle = pathToFileURL(join(dir, 'index.js')).href;
    expect(workerEntry(bundle).file.pathname).toBe(join(dir, 'worker.ts'));
    expect(workerEntry(bundle).execArgv?.join(' ')).toMatch(/--import tsx|tsx/);
    writeFileSync(join(dir, 'account-session-worker.js'), '');
    expect(workerEntry(bundle)).toEqual({ file: pathToFileURL(join(dir, 'account-session-worker.js')) });
  });
});

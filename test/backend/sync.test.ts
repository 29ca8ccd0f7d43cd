// Sync through the backend against the sandbox: start → progress → finished → inventory; busy;
// cancel; plan; unpublish online and offline (outbox); a token refused mid-session; demo mode.
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { currentPhotos } from '../../src/main/ipc/backend';
import type { SyncRunView } from '../../src/shared/views';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { errorKindOf, filesContaining, inventoryQuery, makeBackend, unavailableKeychain, type TestBackend } from './helpers';

const open: TestBackend[] = [];
async function backend(options?: Parameters<typeof makeBackend>[0]): Promise<TestBackend> {
  const b = await makeBackend(options);
  open.push(b);
  return b;
}
afterEach(async () => {
  for (const b of open.splice(0)) await b.cleanup();
});

/** Starts a sync and waits for its end. */
async function syncOnce(b: TestBackend, full = false): Promise<SyncRunView> {
  const since = b.events.all.length;
  const { runId } = await b.call('sync.start', full ? { full: true } : {});
  return b.events.next('sync.finished', (run) => run.id === runId, { since, timeoutMs: 30_000 });
}

async function connect(b: TestBackend, sandbox: Sandbox): Promise<string> {
  return (await b.call('accounts.add', { name: 'Loja', baseUrl: sandbox.baseUrl, token: sandbox.integrationToken })).id;
}

describe('sync', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ vehicles: 120, seed: 3 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('start → progress → finished → the whole stock is in the inventory', async () => {
    const b = await backend();
    const accountId = await connect(b, sandbox);
    const since = b.events.all.length;
    const { runId } = await b.call('sync.start', {});
    expect(runId).toEqual(expect.any(String));
    const run = await b.events.next('sync.finished', (r) => r.id === runId, { since, timeoutMs: 30_000 });
    expect(run).toMatchObject({ outcome: 'succeeded', error: null });
    expect(run.counts.added).toBe(sandbox.data.count());
    const progress = b.events.of('sync.progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => p.runId === runId)).toBe(true);
    expect(b.events.of('cache.changed')).toContainEqual({ reason: 'sync' });
    // The listings show as soon as they are committed, before the photos have downloaded.
    const after = b.events.all.slice(since);
    const shown = after.findIndex((e) => e.event === 'cache.changed' && (e.payload as { reason: string }).reason === 'sync');
    const photosStarted = after.findIndex((e) => e.event === 'sync.progress' && (e.payload as { phase: string }).phase === 'photos');
    const finished = after.findIndex((e) => e.event === 'sync.finished');
    expect(photosStarted).toBeGreaterThan(-1);
    expect(shown).toBeGreaterThan(-1);
    expect(shown).toBeLessThan(finished);
    expect(b.events.of('connectivity')).toContainEqual({ online: true });

    const page = await b.call('inventory.query', inventoryQuery());
    expect(page.total).toBe(sandbox.data.count());
    const status = await b.call('sync.status', {});
    expect(status).toMatchObject({ running: null, online: true, outboxSize: 0, lastRun: { id: runId, outcome: 'succeeded' } });
    expect(status.lastSuccessAt).not.toBeNull();
    expect((await b.call('sync.history', {})).map((r) => r.id)).toContain(runId);
    const account = (await b.call('accounts.list', {})).find((a) => a.id === accountId);
    expect(account?.lastSyncAt).not.toBeNull();

    // The plan the sync read is there offline; refresh asks the portal.
    expect(await b.call('plan.get', {})).toMatchObject({ live: false });
    const live = await b.call('plan.get', { refresh: true });
    expect(live).toMatchObject({ live: true, usage: { name: expect.any(String) } });

    // A second sync is incremental and changes nothing.
    const again = await syncOnce(b);
    expect(again).toMatchObject({ outcome: 'succeeded', kind: 'incremental', counts: { added: 0, removed: 0 } });
    // The token is in the keychain and nowhere in the data folder.
    expect(filesContaining(b.dataDir, sandbox.integrationToken)).toEqual([]);
  });

  it('one sync at a time; cancel', async () => {
    const b = await backend();
    await connect(b, sandbox);
    sandbox.faults.set({ latencyMs: 300 });
    try {
      const since = b.events.all.length;
      const { runId } = await b.call('sync.start', { full: true });
      expect(await errorKindOf(() => b.call('sync.start', {}))).toBe('busy');
      expect((await b.call('sync.status', {})).running?.runId).toBe(runId);
      await b.call('sync.cancel', {});
      const run = await b.events.next('sync.finished', (r) => r.id === runId, { since });
      expect(run.outcome).toBe('cancelled');
      expect((await b.call('sync.status', {})).running).toBeNull();
    } finally {
      sandbox.faults.clear();
    }
  });
});

describe('unpublish', () => {
  it('online: sent, pending, then confirmed off the portal by a sync', async () => {
    const sandbox = await startSandbox({ vehicles: 30, seed: 5, queueDelayMs: Number.POSITIVE_INFINITY });
    try {
      const b = await backend();
      await connect(b, sandbox);
      await syncOnce(b);
      const target = (await b.call('inventory.query', inventoryQuery({ filters: { portal: ['on'] } }))).rows[0];
      if (!target) throw new Error('nothing on the portal');
      const [outcome] = await b.call('publications.request', { action: 'unpublish', references: [target.reference] });
      expect(outcome).toMatchObject({ reference: target.reference, outcome: 'sent' });
      expect(b.events.of('cache.changed')).toContainEqual({ reason: 'publication' });
      const pending = (await b.call('inventory.query', inventoryQuery({ text: target.reference }))).rows.find((r) => r.reference === target.reference);
      expect(pending?.publication).toMatchObject({ onPortal: true, unpublish: 'pending' });
      expect(pending?.publication.unpublishRequestedAt).not.toBeNull();
      expect((await b.call('vehicles.get', { reference: target.reference })).history.map((h) => h.change)).toContain('unpublish_sent');

      sandbox.data.applyQueue();
      await syncOnce(b);
      const detail = await b.call('vehicles.get', { reference: target.reference });
      expect(detail.publication).toMatchObject({ onPortal: false, notOnPortalReason: 'unpublishedHere', unpublish: 'none' });
      expect(detail.history).toContainEqual(expect.objectContaining({ change: 'left', cause: 'unpublishedHere' }));
      const [unknown] = await b.call('publications.request', { action: 'unpublish', references: ['NOT-THERE'] });
      expect(unknown?.outcome).toBe('not_found');
    } finally {
      await sandbox.close();
    }
  });

  it('offline: queued in the outbox, shown as queued; sent by the next sync once the portal is back', async () => {
    const token = 'offline-test-token';
    let sandbox = await startSandbox({ vehicles: 30, seed: 6, integrationToken: token });
    const port = sandbox.port;
    try {
      const b = await backend();
      await connect(b, sandbox);
      await syncOnce(b);
      const target = (await b.call('inventory.query', inventoryQuery({ filters: { portal: ['on'] } }))).rows[0];
      if (!target) throw new Error('nothing on the portal');
      await sandbox.close();

      const [outcome] = await b.call('publications.request', { action: 'unpublish', references: [target.reference] });
      expect(outcome).toMatchObject({ reference: target.reference, outcome: 'queued' });
      const row = (await b.call('inventory.query', inventoryQuery({ text: target.reference }))).rows.find((r) => r.reference === target.reference);
      expect(row?.publication).toMatchObject({ onPortal: true, unpublish: 'queued' });
      expect(row?.publication.unpublishRequestedAt).not.toBeNull();
      const status = await b.call('sync.status', {});
      expect(status).toMatchObject({ outboxSize: 1, online: false });
      expect(b.events.of('connectivity').at(-1)).toEqual({ online: false });
      // Offline, the plan comes from the last sync.
      expect(await b.call('plan.get', { refresh: true })).toMatchObject({ live: false });
      // The inventory still works offline.
      expect((await b.call('inventory.query', inventoryQuery())).total).toBe(30);

      sandbox = await startSandbox({ vehicles: 30, seed: 6, integrationToken: token, port });
      const run = await syncOnce(b);
      expect(run.outcome).toBe('succeeded');
      expect((await b.call('sync.status', {})).outboxSize).toBe(0);
      const after = (await b.call('inventory.query', inventoryQuery({ text: target.reference }))).rows.find((r) => r.reference === target.reference);
      expect(after?.publication.unpublish === 'pending' || after?.publication.onPortal === false).toBe(true);
      const detail = await b.call('vehicles.get', { reference: target.reference });
      expect(detail.history.map((h) => h.change)).toEqual(expect.arrayContaining(['unpublish_queued', 'unpublish_sent']));
    } finally {
      await sandbox.close();
    }
  });
});

describe('token refused mid-session', () => {
  it('flags the account, says so, and a new token clears it', async () => {
    const sandbox = await startSandbox({ vehicles: 20, seed: 8 });
    try {
      const b = await backend();
      const accountId = await connect(b, sandbox);
      await syncOnce(b);
      const fresh = sandbox.auth.rotateIntegrationToken();
      sandbox.auth.revokeJwts();
      const run = await syncOnce(b);
      expect(run.outcome).toBe('failed');
      expect(run.error?.kind).toBe('token_refused');
      expect(b.events.of('auth.tokenRefused')).toContainEqual({ accountId });
      expect((await b.call('accounts.list', {}))[0]?.tokenRefused).toBe(true);
      // The inventory is still there.
      expect((await b.call('inventory.query', inventoryQuery())).total).toBe(20);

      const replaced = await b.call('accounts.replaceToken', { accountId, token: fresh });
      expect(replaced.tokenRefused).toBe(false);
      expect((await syncOnce(b)).outcome).toBe('succeeded');
      expect((await b.call('accounts.list', {}))[0]?.tokenRefused).toBe(false);
    } finally {
      await sandbox.close();
    }
  });
});

describe('demo.start', () => {
  it('starts the sandbox, adds the demo account, syncs it in the background; again reuses it', async () => {
    const b = await backend({ demo: { vehicles: 200 } });
    const since = b.events.all.length;
    const account = await b.call('demo.start', {});
    expect(account).toMatchObject({ demo: true, active: true, tokenRefused: false });
    // The dealer's own start joins the demo's first sync instead of being told "busy".
    const { runId } = await b.call('sync.start', {});
    const run = await b.events.next('sync.finished', (r) => r.id === runId, { since, timeoutMs: 30_000 });
    expect(run.outcome).toBe('succeeded');
    expect((await b.call('inventory.query', inventoryQuery())).total).toBe(200);
    expect(await b.keychain.get(account.id)).toBe(b.demos[0]?.integrationToken);

    const again = await b.call('demo.start', {});
    expect(again.id).toBe(account.id);
    expect(b.demos).toHaveLength(1);
    expect(await b.call('accounts.list', {})).toHaveLength(1);
  });
});

describe('demo after an app restart', () => {
  it('a sync of the demo account starts a new sandbox and points the account at it', async () => {
    const first = await backend({ demo: { vehicles: 40 } });
    const since = first.events.all.length;
    const account = await first.call('demo.start', {});
    await first.events.next('sync.finished', () => true, { since, timeoutMs: 30_000 });
    const oldUrl = first.demos[0]?.baseUrl;
    // The app quits (its demo sandbox with it) and starts again over the same data and keychain.
    await first.close();
    const again = await backend({ dataDir: first.dataDir, keychain: first.keychain, demo: { vehicles: 40 } });
    expect(again.demos).toHaveLength(0);
    const { runId } = await again.call('sync.start', {});
    const run = await again.events.next('sync.finished', (r) => r.id === runId, { since: 0, timeoutMs: 30_000 });
    expect(run.outcome).toBe('succeeded');
    expect(again.demos).toHaveLength(1);
    const [view] = await again.call('accounts.list', {});
    expect(view).toMatchObject({ id: account.id, demo: true, active: true });
    expect(view?.baseUrl).toBe(again.demos[0]?.baseUrl);
    expect(view?.baseUrl).not.toBe(oldUrl);
    expect((await again.call('inventory.summary', {})).total).toBe(40);
  });
});

describe('demo.start without a keychain', () => {
  it('keeps the throwaway demo token in memory; real accounts are still refused', async () => {
    const b = await backend({ keychain: unavailableKeychain, demo: { vehicles: 30 } });
    const since = b.events.all.length;
    const account = await b.call('demo.start', {});
    expect(account.demo).toBe(true);
    const run = await b.events.next('sync.finished', () => true, { since, timeoutMs: 30_000 });
    expect(run.outcome).toBe('succeeded');
    expect((await b.call('inventory.summary', {})).total).toBe(30);
    expect(filesContaining(b.dataDir, b.demos[0]?.integrationToken ?? 'missing')).toEqual([]);
    const sandbox = b.demos[0];
    if (!sandbox) throw new Error('no demo sandbox');
    expect(await errorKindOf(() => b.call('accounts.add', { name: 'Real', baseUrl: sandbox.baseUrl, token: 'a-real-dealer-token' }))).toBe(
      'keychain_unavailable',
    );
    expect(await b.call('accounts.list', {})).toHaveLength(1);
    // Removing the demo account works too (its token was only in memory).
    await b.call('accounts.remove', { accountId: account.id, deleteData: true });
    expect(await b.call('accounts.list', {})).toEqual([]);
  });
});

describe('switching accounts', () => {
  it('each account shows its own inventory and photos folder, and keeps the photos its own setting asks for', async () => {
    const [small, large] = await Promise.all([startSandbox({ vehicles: 10, seed: 11 }), startSandbox({ vehicles: 25, seed: 12 })]);
    try {
      const b = await backend();
      const a = await connect(b, small);
      await b.call('settings.set', { photoCaching: 'all' });
      await syncOnce(b);
      const rootA = currentPhotos(b.backend)?.root;
      const c = await connect(b, large);
      expect(await b.call('settings.get', {})).toMatchObject({ photoCaching: 'covers' });
      expect((await b.call('inventory.summary', {})).total).toBe(0);
      await syncOnce(b);
      expect((await b.call('inventory.summary', {})).total).toBe(25);
      // A kept every photo of its 10 listings; C, on covers, one a listing.
      const cached = (root: string | undefined) => {
        const db = new Database(join(dirname(root ?? ''), 'cache.sqlite'), { readonly: true });
        try {
          return db.prepare("SELECT count(*) FROM photos WHERE status = 'cached'").pluck().get() as number;
        } finally {
          db.close();
        }
      };
      const pictures = small.data.list().reduce((n, v) => n + v.pictures.length, 0);
      expect(pictures).toBeGreaterThan(10);
      expect(cached(rootA)).toBe(pictures);
      expect(cached(currentPhotos(b.backend)?.root)).toBe(25);
      const since = b.events.all.length;
      await b.call('accounts.select', { accountId: a });
      expect(b.events.all.slice(since).map((e) => e.event)).toEqual(expect.arrayContaining(['cache.changed', 'accounts.changed']));
      expect((await b.call('inventory.summary', {})).total).toBe(10);
      expect(currentPhotos(b.backend)?.root).toBe(rootA);
      const accounts = await b.call('accounts.list', {});
      expect(accounts.map((x) => [x.id, x.active, x.lastSyncAt !== null])).toEqual([
        [a, true, true],
        [c, false, true],
      ]);
    } finally {
      await Promise.all([small.close(), large.close()]);
    }
  });
});

describe('an edit over the bridge', () => {
  it('Save shows in the list at once: the session says the listings changed when the edit is saved, before its send has an answer', async () => {
    const sandbox = await startSandbox({ vehicles: 20, seed: 8 });
    const b = await backend();
    await connect(b, sandbox);
    await syncOnce(b);
    const [row] = (await b.call('inventory.query', inventoryQuery({ filters: { portal: ['on'] } }))).rows;
    if (!row) throw new Error('no listing on the portal');
    // The send's first request waits at the portal until the test lets it go.
    sandbox.hold.hold((route) => route.startsWith('GET /vehicles/'));
    const since = b.events.all.length;
    const saving = b.call('changes.edit', { reference: row.reference, fields: { value: 12_345 } });
    await b.events.next('cache.changed', (p) => p.reason === 'publication', { since });
    await sandbox.hold.whenHeld(1);
    const listed = (await b.call('inventory.query', inventoryQuery({ text: row.reference }))).rows.find((r) => r.reference === row.reference);
    expect(listed).toMatchObject({ price: 12_345, portalValues: { price: row.price } });
    sandbox.hold.release();
    expect(await saving).toMatchObject({ outcome: 'sent' });
    await sandbox.close();
  });
});

describe('pending changes over the bridge', () => {
  it('lists what waits, and takes back one not sent yet: the listing shows nothing pending, the count drops', async () => {
    const sandbox = await startSandbox({ vehicles: 20, seed: 8 });
    const b = await backend();
    await connect(b, sandbox);
    await syncOnce(b);
    const [a, c] = (await b.call('inventory.query', inventoryQuery({ filters: { portal: ['on'] } }))).rows;
    if (!a || !c) throw new Error('too few listings on the portal');
    await sandbox.close();
    await b.call('publications.request', { action: 'unpublish', references: [a.reference, c.reference] });
    const pending = await b.call('changes.pending', {});
    expect(pending.map((p) => [p.reference, p.kind, p.discardable])).toEqual([
      [a.reference, 'unpublish', true],
      [c.reference, 'unpublish', true],
    ]);
    const since = b.events.all.length;
    const discarded = await b.call('changes.discard', { reference: a.reference });
    expect(discarded).toEqual([expect.objectContaining({ reference: a.reference, status: 'discarded' })]);
    await b.events.next('cache.changed', (p) => p.reason === 'publication', { since });
    const row = (await b.call('inventory.query', inventoryQuery({ text: a.reference }))).rows.find((r) => r.reference === a.reference);
    expect(row?.publication).toMatchObject({ onPortal: true, unpublish: 'none', request: null });
    expect((await b.call('sync.status', {})).outboxSize).toBe(1);
    expect((await b.call('changes.pending', {})).map((p) => p.reference)).toEqual([c.reference]);
    expect(await errorKindOf(() => b.call('changes.discard', { reference: a.reference }))).toBe('not_found');
  });
});

// A damaged cache in the app (issue 12, defect 3): the damage is reported (cache.health, the
// 'damaged' change event) wherever it is found, and cache.rebuild brings the inventory back
// from the portal with the queued unpublish kept. A real backend, sandbox, SQLite and keychain.
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox';
import type { SyncRunView } from '../../src/shared/views';
import { damageTable } from '../cache/helpers';
import { errorKindOf, inventoryQuery, makeBackend, type TestBackend } from './helpers';

const open: TestBackend[] = [];
afterEach(async () => {
  for (const b of open.splice(0)) await b.cleanup();
});

it('damage → the banner’s health says so → rebuild keeps the queued unpublish and syncs in full', { timeout: 90_000 }, async () => {
  const token = 'rebuild-test-token-0123456789';
  let sandbox = await startSandbox({ vehicles: 30, seed: 8, integrationToken: token });
  const port = sandbox.port;
  const b = await makeBackend();
  open.push(b);
  try {
    const { id: accountId } = await b.call('accounts.add', { name: 'Loja', baseUrl: sandbox.baseUrl, token });
    const synced = b.events.all.length;
    const { runId } = await b.call('sync.start', {});
    await b.events.next('sync.finished', (r: SyncRunView) => r.id === runId, { since: synced, timeoutMs: 30_000 });
    const target = (await b.call('inventory.query', inventoryQuery({ filters: { portal: ['on'] } }))).rows[0]!.reference;
    // Offline: the unpublish waits in the outbox.
    await sandbox.close();
    expect((await b.call('publications.request', { action: 'unpublish', references: [target] }))[0]).toMatchObject({ outcome: 'queued' });
    expect(await b.call('cache.health', {})).toEqual({ damaged: false, notice: null });

    // The app restarts on a damaged file.
    await b.close();
    damageTable(join(b.dataDir, 'accounts', accountId, 'cache.sqlite'), 'vehicles');
    const again = await makeBackend({ dataDir: b.dataDir, keychain: b.keychain });
    open.push(again);
    expect(await errorKindOf(() => again.call('inventory.query', inventoryQuery()))).toBe('database');
    expect(await again.call('cache.health', {})).toMatchObject({ damaged: true });

    sandbox = await startSandbox({ vehicles: 30, seed: 8, integrationToken: token, port });
    const since = again.events.all.length;
    const rebuilt = await again.call('cache.rebuild', {});
    expect(rebuilt).toMatchObject({ pendingKept: 1, syncStarted: true });
    expect(rebuilt.runsKept).toBeGreaterThanOrEqual(1);
    expect(again.events.of('cache.changed')).toContainEqual({ reason: 'rebuilt' });
    const run = await again.events.next('sync.finished', () => true, { since, timeoutMs: 30_000 });
    expect(run).toMatchObject({ outcome: 'succeeded', kind: 'full' });
    expect(run.counts.unpublishSent).toBe(1);
    expect((await again.call('inventory.query', inventoryQuery())).total).toBe(30);
    expect(await again.call('cache.health', {})).toEqual({ damaged: false, notice: null });
    // The history from before the damage is still there.
    expect((await again.call('sync.history', {})).length).toBeGreaterThanOrEqual(2);
  } finally {
    await sandbox.close();
  }
});

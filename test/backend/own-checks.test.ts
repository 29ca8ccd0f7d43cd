// An edit Showroom's own checks refuse at sync time, through the app's channels and its account
// session against the sandbox: the detail says it with the failed field, Needs attention counts it,
// the next sync sends nothing, and Discard takes it back.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { SyncRunView } from '../../src/shared/views';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { makeBackend, type TestBackend } from './helpers';

let sandbox: Sandbox;
const open: TestBackend[] = [];
beforeAll(async () => {
  sandbox = await startSandbox({ vehicles: 20, seed: 51 });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  for (const b of open.splice(0)) await b.cleanup();
});

async function syncOnce(b: TestBackend): Promise<SyncRunView> {
  const since = b.events.all.length;
  const { runId } = await b.call('sync.start', {});
  return b.events.next('sync.finished', (run) => run.id === runId, { since, timeoutMs: 60_000 });
}

it("an edit whose body no longer passes our checks: refused by Showroom's checks, counted, not sent again, discardable", { timeout: 120_000 }, async () => {
  const b = await makeBackend();
  open.push(b);
  await b.call('accounts.add', { name: 'Loja', baseUrl: sandbox.baseUrl, token: sandbox.integrationToken });
  const car = sandbox.data.list().find((v) => v.type === 'C' && v.pictures.length > 1 && v.mileage > 0 && v.licensePlate !== '')!;
  // A new car needs no plate: the dealer takes it off, offline.
  await sandbox.data.editElsewhere(car.reference, { mileage: 0 });
  expect(await syncOnce(b)).toMatchObject({ outcome: 'succeeded' });
  const attentionBefore = (await b.call('inventory.summary', {})).needsAttention;
  sandbox.faults.set({ resetRate: 1 });
  expect(await b.call('changes.edit', { reference: car.reference, fields: { licensePlate: '' } })).toMatchObject({ outcome: 'queued' });
  sandbox.faults.clear();
  // The portal's copy gets mileage meanwhile: a used car with no plate fails our rules.
  await sandbox.data.editElsewhere(car.reference, { mileage: 800 });
  const puts = () => sandbox.stats.count('PUT /vehicles/:reference');
  const before = puts();

  expect(await syncOnce(b)).toMatchObject({ outcome: 'succeeded' });
  const detail = await b.call('vehicles.get', { reference: car.reference });
  expect(detail.pendingEdit).toMatchObject({
    status: 'refused',
    discardable: true,
    error: { code: 'ledger.refusedByChecks', params: { count: 1 } },
    checks: [{ field: 'licensePlate', code: 'listingWrite.plateRequired' }],
  });
  expect((await b.call('inventory.summary', {})).needsAttention).toBe(attentionBefore + 1);
  expect(await syncOnce(b)).toMatchObject({ outcome: 'succeeded' });
  expect(puts()).toBe(before);

  await b.call('changes.discard', { reference: car.reference });
  expect((await b.call('vehicles.get', { reference: car.reference })).pendingEdit).toBeNull();
  expect((await b.call('inventory.summary', {})).needsAttention).toBe(attentionBefore);
});

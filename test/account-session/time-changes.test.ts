// Counts that change with time alone are announced: a listing's address grace ends while nothing is
// written (no sync, no edit). Without the announcement the badge, read before, said 9 while Needs
// attention, opened after, listed 10 (issue 32, item 4). The cache's clock is frozen and moved by hand.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openAccountSession, type AccountSession, type SessionEvent } from '../../src/main/account-session';
import { silentLogger } from '../../src/main/base/logger';
import { openCache } from '../../src/main/cache';
import { ADDRESS_GRACE_MS, COUNTED_REASONS } from '../../src/shared/attention';
import { manualClock, portalVehicle, upsert } from '../cache/helpers';

const T0 = '2025-03-01T12:00:00.000Z';
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it("announces the moment a listing's address grace ends, and the badge's count then agrees with the list", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'showroom-time-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const folder = join(dir, 'accounts', 'a1');
  const cacheFile = join(folder, 'cache.sqlite');
  mkdirSync(folder, { recursive: true });
  const clock = manualClock(T0);
  // On the portal with no link yet, edited so that its grace ends a moment after T0.
  const seeded = openCache(cacheFile, { clock });
  upsert(seeded, [portalVehicle({ reference: 'WAIT', url: undefined, updatedAt: new Date(Date.parse(T0) - ADDRESS_GRACE_MS + 200).toISOString() })]);
  seeded.close();

  const session: AccountSession = await openAccountSession(
    {
      accountId: 'a1',
      baseUrl: 'http://127.0.0.1:9',
      settings: { photos: 'covers', photoBudgetMB: 50 },
      paths: { folder, cacheFile, photosDir: join(dir, 'photos'), legacyPhotosDir: join(folder, 'photos') },
      holder: 'the app',
    },
    { integrationToken: async () => 'unused', log: silentLogger, clock },
  );
  cleanups.push(() => session.close());
  const listed = async () => (await session.query({ filters: { attention: [...COUNTED_REASONS] }, window: { offset: 0, limit: 10 } })).total;
  expect((await session.summary()).needsAttention).toBe(0);
  expect(await listed()).toBe(0);

  const announced = new Promise<SessionEvent>((resolve) => session.subscribe((e) => e.type === 'changed' && resolve(e)));
  clock.advance(60_000);
  expect(await announced).toEqual({ type: 'changed', reason: 'time' });
  expect((await session.summary()).needsAttention).toBe(1);
  expect(await listed()).toBe(1);
});

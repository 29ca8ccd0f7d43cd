// Counts that change with time alone are announced: a listing's address grace ends while nothing is
// written (no sync, no edit). Without the announcement the badge, read before, said 9 while Needs
// attention, opened after, listed 10 (issue 32, item 4). The cache's clock is frozen and moved by hand.
import { afterEach, expect, it } from 'vitest';
import type { SessionEvent } from '../../src/main/account-session';
import { ADDRESS_GRACE_MS, COUNTED_REASONS } from '../../src/shared/attention';
import { manualClock, portalVehicle, upsert } from '../cache/helpers';
import { sessionOver } from './in-thread';

const T0 = '2025-03-01T12:00:00.000Z';
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it("announces the moment a listing's address grace ends, and the badge's count then agrees with the list", async () => {
  const clock = manualClock(T0);
  // On the portal with no link yet, edited so that its grace ends a moment after T0.
  const waiting = portalVehicle({ reference: 'WAIT', url: undefined, updatedAt: new Date(Date.parse(T0) - ADDRESS_GRACE_MS + 200).toISOString() });
  const session = await sessionOver((cache) => upsert(cache, [waiting]), cleanups, clock);
  const listed = async () => (await session.query({ filters: { attention: [...COUNTED_REASONS] }, window: { offset: 0, limit: 10 } })).total;
  expect((await session.summary()).needsAttention).toBe(0);
  expect(await listed()).toBe(0);

  const announced = new Promise<SessionEvent>((resolve) => session.subscribe((e) => e.type === 'changed' && resolve(e)));
  clock.advance(60_000);
  expect(await announced).toEqual({ type: 'changed', reason: 'time' });
  expect((await session.summary()).needsAttention).toBe(1);
  expect(await listed()).toBe(1);
});

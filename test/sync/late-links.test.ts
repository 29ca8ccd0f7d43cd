// Listing links that appear or change late (issue 30, item 4): the portal gives a listing its url up
// to 45 minutes after an insert or edit, without touching updatedAt. A listing read before then is
// read again by reference at the first sync after that delay, however late that sync comes, and
// then no more. The sandbox's url delay and its dialect switch staleUrlAfterEdit (the link the
// edit replaced is shown meanwhile) stand in for the portal; its clock is frozen and advanced, never waited on.
import { describe, expect, it } from 'vitest';
import { differences, NO_DIFFERENCES, rig, sandbox } from './helpers';

const READ_ONE = 'GET /vehicles/:reference';

async function editedAndSynced(dialect: { staleUrlAfterEdit?: boolean } = {}) {
  const sb = await sandbox({ vehicles: 200, seed: 33, dialect, frozenClock: true });
  const r = await rig({ sb, engine: { now: () => sb.clock.nowMs() } });
  await r.engine.run();
  const target = r.sb.data.list().find((v) => v.url !== undefined && v.publication !== null);
  if (!target?.url) throw new Error('seed without a listing that has its link');
  r.sb.clock.advance(60_000);
  r.sb.data.upsert({ reference: target.reference, title: `${target.title ?? ''} revisado` });
  // Later edits elsewhere push it beyond the pages a newest-first read looks at.
  const others = r.sb.data.list().filter((v) => v.reference !== target.reference);
  r.sb.clock.advance(60_000);
  for (const other of others.slice(0, 60)) r.sb.data.touch(other.reference);
  r.sb.clock.advance(10 * 60_000);
  for (const other of others.slice(60, 120)) r.sb.data.touch(other.reference);
  const during = await r.engine.run();
  expect(during).toMatchObject({ kind: 'incremental', outcome: 'succeeded' });
  return { r, target, oldUrl: target.url };
}

describe('late listing links', () => {
  it('a link the edit made stale is read again after the delay, and kept', async () => {
    const { r, target, oldUrl } = await editedAndSynced({ staleUrlAfterEdit: true });
    expect(r.cache.getVehicle(target.reference)?.vehicle.url).toBe(oldUrl);
    // Past the delay of every listing touched above (the last ones 45 minutes from now), by a minute.
    // The sandbox's clock is frozen (it moves only when advanced): a clock ticking with real time let
    // another listing's link fall due during the sync on a busy machine, leaving the copy one link behind.
    r.sb.clock.advance(46 * 60_000);
    const fresh = r.sb.data.get(target.reference)?.url;
    expect(fresh).toMatch(/^http/);
    expect(fresh).not.toBe(oldUrl);
    r.sb.stats.reset();
    const run = await r.engine.run();
    expect(run).toMatchObject({ kind: 'incremental', outcome: 'succeeded' });
    expect(r.cache.getVehicle(target.reference)?.vehicle.url).toBe(fresh);
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
    // Within the rate limit: one read per listing whose link was due, no more.
    expect(r.sb.stats.count(READ_ONE)).toBe(run.details.urlChecked);
  });

  it('a missing link is fetched by the first sync after the delay, even hours later, and then no more', async () => {
    const { r, target } = await editedAndSynced();
    expect(r.cache.getVehicle(target.reference)?.vehicle.url).toBeUndefined();
    r.sb.clock.advance(5 * 60 * 60_000);
    const url = r.sb.data.get(target.reference)?.url;
    expect(url).toMatch(/^http/);
    const run = await r.engine.run();
    expect(run).toMatchObject({ kind: 'incremental', outcome: 'succeeded' });
    expect(run.details.urlChecked).toBeGreaterThanOrEqual(1);
    expect(r.cache.getVehicle(target.reference)?.vehicle.url).toBe(url);

    // Read after the delay: its link is final, and it is not read again.
    expect(r.cache.vehicles.linksDue(Number.MAX_SAFE_INTEGER, 10_000)).not.toContain(target.reference);
  });
});

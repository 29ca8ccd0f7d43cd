// A damaged cache (issue 12, defect 3): damage inside the file is the "local data" error (exit 9)
// with the way forward at every command, and `cache rebuild` brings the inventory back from the
// portal keeping what only exists here (the queued unpublish, the sync history). Damage in the
// stored JSON of a listing is said by `show` and healed by `sync --full`.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { PAGE_SIZE } from '../../src/main/cache/db';
import { damageTable, garble, pageOf } from '../cache/helpers';
import { cli, json, tempDataDir } from './helpers';

let sb: Sandbox;
let data: { dir: string; cleanup(): void };
let cacheFile: string;
const VEHICLES = 40;

const run = (args: string[]) => cli([...args, '--data-dir', data.dir], { env: { SHOWROOM_TOKEN: sb.integrationToken } });

beforeAll(async () => {
  sb = await startSandbox({ vehicles: VEHICLES, seed: 21, integrationToken: 'cli-damage-token-0123456789' });
  data = tempDataDir();
  expect((await run(['accounts', 'add', '--name', 'Loja', '--base-url', sb.baseUrl, '--no-keychain'])).code).toBe(0);
  expect((await run(['sync', '--no-photos'])).code).toBe(0);
  const [account] = json<Array<{ id: string }>>(await run(['accounts', 'list', '--json']));
  cacheFile = join(data.dir, 'accounts', account!.id, 'cache.sqlite');
});
afterAll(async () => {
  await sb.close();
  data.cleanup();
});

describe('a damaged cache', () => {
  it('a listing whose stored JSON is damaged: `show` says so, `sync --full` heals it', { timeout: 60_000 }, async () => {
    const target = sb.data.list()[5]!;
    const db = new Database(cacheFile);
    db.prepare('UPDATE vehicle_json SET raw = \'{"reference": broken\' WHERE vehicle_id = (SELECT id FROM vehicles WHERE reference = ?)').run(target.reference);
    db.close();
    const damaged = await run(['show', target.reference]);
    expect(damaged.stdout).toContain('The stored copy of this listing is damaged');
    expect(damaged.stdout).toContain('showroom sync --full');
    const full = json<{ outcome: string; counts: Record<string, number> }>(await run(['sync', '--full', '--no-photos', '--json']));
    expect(full).toMatchObject({ outcome: 'succeeded' });
    const healed = await run(['show', target.reference]);
    expect(healed.code, healed.stderr).toBe(0);
    expect(healed.stdout).toContain(target.title);
    expect(healed.stdout).not.toContain('damaged');
  });

  it('damage inside the file: every command exits 9 with the way forward; `cache rebuild` keeps the queue and the history', { timeout: 120_000 }, async () => {
    // An unpublish the portal could not take: it waits in the outbox.
    const queuedRef = sb.data.list().find((v) => v.publication !== null)!.reference;
    sb.faults.set({ errorRates: { 503: 1 } });
    const queued = await run(['unpublish', queuedRef]);
    sb.faults.clear();
    expect(queued.stdout + queued.stderr).toMatch(/queued|Saved/i);
    const runsBefore = Number(json<{ lastRun: { id: string } }>(await run(['status', '--json'])).lastRun.id);

    damageTable(cacheFile, 'vehicles');
    const results = await Promise.all([run(['status']), run(['search']), run(['sync', '--no-photos']), run(['sync', '--full', '--no-photos'])]);
    for (const r of results) {
      expect(r.code, r.stdout + r.stderr).toBe(9);
      expect(r.stderr).toContain('damaged');
      expect(r.stderr).toContain('showroom cache rebuild');
      expect(r.stderr).toContain('queued unpublishes are kept');
      expect(r.stderr).not.toContain('Something went wrong');
    }

    const rebuilt = await run(['cache', 'rebuild', '--no-photos']);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(rebuilt.stdout).toMatch(/Rebuilt the local cache of “Loja”: kept 1 queued unpublish, \d+ sync runs/);
    expect(rebuilt.stdout).toMatch(/Sync \(full\) done/);
    expect(rebuilt.stdout).toContain('1 queued unpublish sent');
    const status = json<{ inventory: { total: number }; outbox: number; lastRun: { id: string } }>(await run(['status', '--json']));
    expect(status.inventory.total).toBe(VEHICLES);
    expect(status.outbox).toBe(0);
    // The queued unpublish reached the portal: the listing is off it now.
    const shown = json<{ publication: { onPortal: boolean } }>(await run(['show', queuedRef, '--json']));
    expect(shown.publication.onPortal).toBe(false);
    // The history goes on from where it was: the runs before the damage were kept.
    expect(Number(status.lastRun.id)).toBeGreaterThan(runsBefore);
  });

  // Issue 28, item 7: damage the commands do not read went on being used.
  const quickCheck = () => {
    const db = new Database(cacheFile, { readonly: true });
    const answer = db.pragma('quick_check(1)', { simple: true });
    db.close();
    return answer;
  };
  const rebuild = async () => {
    const rebuilt = await run(['cache', 'rebuild', '--no-photos']);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(quickCheck()).toBe('ok');
  };
  const saysDamaged = (r: { code: number | null; stdout: string; stderr: string }) => {
    expect(r.code, r.stdout + r.stderr).toBe(9);
    expect(r.stderr).toContain('damaged');
    expect(r.stderr).toContain('showroom cache rebuild');
  };

  it('4 KiB garbled in an index no command reads: `sync --full` finds it (exit 9) instead of calling it a success', { timeout: 120_000 }, async () => {
    expect(quickCheck()).toBe('ok');
    // The last 4 KiB of the mileage index's page: its entries (searches sort by it, syncs that change no mileage never touch it).
    garble(cacheFile, pageOf(cacheFile, 'vehicles_by_mileage') * PAGE_SIZE - 4096, 4096);
    expect(quickCheck()).not.toBe('ok');
    // Before: exit 0, and the file stayed damaged.
    saysDamaged(await run(['sync', '--full', '--no-photos']));
    expect(quickCheck()).not.toBe('ok');
    await rebuild();
  });

  it(
    '64 KiB garbled across the stored listings: `show` of a listing lost to it says the cache is damaged, never "no such listing"',
    { timeout: 120_000 },
    async () => {
      const listings = sb.data.list().map((v) => v.reference);
      // From a quarter into the first page of the listings' JSON: its header and cell pointers stay, its rows are garbage.
      garble(cacheFile, (pageOf(cacheFile, 'vehicle_json') - 1) * PAGE_SIZE + PAGE_SIZE / 4, 65_536);
      const db = new Database(cacheFile, { readonly: true });
      const lost = listings.filter((reference) => {
        try {
          const id = db.prepare('SELECT id FROM vehicles WHERE reference = ?').pluck().get(reference);
          return db.prepare('SELECT 1 FROM vehicle_json WHERE vehicle_id = ?').get(id) === undefined;
        } catch {
          return false; // SQLite says so: the damage is seen
        }
      });
      db.close();
      // Lost without an error: SQLite's lookup reads garbage as "no such row".
      expect(lost.length).toBeGreaterThan(0);
      // Before: exit 5, "There is no listing …".
      const shown = await run(['show', lost[0]!]);
      saysDamaged(shown);
      expect(shown.stdout + shown.stderr).not.toContain('There is no listing');
      await rebuild();
      const healed = await run(['show', lost[0]!]);
      expect(healed.code, healed.stderr).toBe(0);
    },
  );
});

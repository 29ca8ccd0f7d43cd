// The command line end to end: a child process per command, a real sandbox portal, a temp data
// folder, the token from SHOWROOM_TOKEN (--no-keychain: this machine may have no keychain; the
// keychain path is in keychain.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type PortalVehicle, type Sandbox } from '../../src/sandbox/index';
import type { InventoryPage, PlanView, PublicationOutcome, VehicleDetailView } from '../../src/shared/views';
import { cli, json, tempDataDir } from './helpers';
import type { PendingChangeView } from '../../src/shared/pending-changes';

let sb: Sandbox;
let data: { dir: string; cleanup(): void };
let vehicles: PortalVehicle[];
const VEHICLES = 40;

const run = (args: string[], env: Record<string, string | undefined> = {}, input?: string) =>
  cli([...args, '--data-dir', data.dir], { env: { SHOWROOM_TOKEN: sb.integrationToken, ...env }, input });

beforeAll(async () => {
  sb = await startSandbox({ vehicles: VEHICLES, seed: 11, integrationToken: 'cli-test-token-0123456789' });
  vehicles = sb.data.list();
  data = tempDataDir();
});
afterAll(async () => {
  await sb.close();
  data.cleanup();
});

describe('usage', () => {
  it('--help lists the commands and the exit codes (the compiled command and `npm run cli`’s sources alike); bad usage exits 2', async () => {
    const [help, fromSources, unknown, badOption, missing, extra, badValue] = await Promise.all([
      cli(['--help']),
      cli(['--help'], { sources: true }),
      cli(['frobnicate']),
      run(['search', '--colour', 'RED']),
      run(['show']),
      run(['status', 'extra']),
      run(['search', '--price-max', 'cheap']),
    ]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('accounts add');
    expect(help.stdout).toMatch(/Exit codes:[\s\S]*2 {2}bad usage[\s\S]*8 {2}cancelled/);
    expect(fromSources.code, fromSources.stderr).toBe(0);
    expect(fromSources.stdout).toBe(help.stdout);
    for (const r of [unknown, badOption, missing, extra, badValue]) expect(r.code, r.stderr).toBe(2);
    expect(unknown.stderr).toContain('unknown command “frobnicate”');
    expect(badOption.stderr).toContain("Unknown option '--colour'");
    expect(missing.stderr).toContain('missing <reference>');
    expect(badValue.stderr).toContain('--price-max takes a number');
  });

  it('with no account yet: status says so and exits 5', async () => {
    const result = await run(['status']);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('no account yet');
  });
});

describe('accounts, sync, search, show, unpublish, plan, status', () => {
  it('accounts add refuses a wrong token (exit 4) and adds nothing', async () => {
    const result = await run(['accounts', 'add', '--name', 'Loja', '--base-url', sb.baseUrl, '--no-keychain'], { SHOWROOM_TOKEN: 'not-the-token' });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('the portal refused the integration token');
    expect(result.stderr).toContain('not added');
    expect(json(await run(['accounts', 'list', '--json']))).toEqual([]);
  });

  it('accounts add --no-keychain needs SHOWROOM_TOKEN (exit 2)', async () => {
    const result = await run(['accounts', 'add', '--name', 'Loja', '--base-url', sb.baseUrl, '--no-keychain'], { SHOWROOM_TOKEN: undefined });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('set SHOWROOM_TOKEN');
  });

  it('without a keychain, accounts add says so (exit 6) and stores nothing', async () => {
    const result = await run(['accounts', 'add', '--name', 'Loja', '--base-url', sb.baseUrl], {
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/showroom-cli-bus',
      DISPLAY: undefined,
      WAYLAND_DISPLAY: undefined,
    });
    expect(result.code, result.stderr).toBe(6);
    expect(result.stderr).toContain('system keychain');
    expect(result.stderr).toContain('--no-keychain');
    expect(json(await run(['accounts', 'list', '--json']))).toEqual([]);
  });

  it('accounts add tests the connection and adds the account', async () => {
    const result = await run(['accounts', 'add', '--name', 'Loja Centro', '--base-url', sb.baseUrl, '--no-keychain']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Added account “Loja Centro”/);
    expect(result.stdout).toMatch(/connected — plan /);
    expect(result.stdout + result.stderr).not.toContain(sb.integrationToken);
    const list = json<Array<{ name: string; baseUrl: string; default: boolean }>>(await run(['accounts', 'list', '--json']));
    expect(list).toMatchObject([{ name: 'Loja Centro', baseUrl: sb.baseUrl, default: true }]);
  });

  it('sync reads every listing and the covers; progress stays off a non-terminal stderr', async () => {
    const result = await run(['sync']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`Sync \\(full\\) done in [\\d.]+ s: ${VEHICLES} listings; ${VEHICLES} added`));
    expect(result.stdout).toMatch(new RegExp(`Photos: ${VEHICLES} downloaded`));
    expect(result.stderr).not.toContain('\r');
    const again = json<{ kind: string; outcome: string; counts: { added: number } }>(await run(['sync', '--json', '--no-photos']));
    expect(again).toMatchObject({ kind: 'incremental', outcome: 'succeeded', counts: { added: 0 } });
  });

  it('search: text, filters, sort, window; table or JSON', async () => {
    const target = vehicles[3]!;
    const word = (target.title ?? '').split(' ')[1]!; // the model name
    const offCount = vehicles.filter((v) => v.publication === null).length;
    const [all, byText, off, cheapFirst, table] = await Promise.all([
      run(['search', '--json', '--limit', '100']),
      run(['search', word, '--json', '--limit', '100']),
      run(['search', '--portal', 'off', '--json', '--limit', '100']),
      run(['search', '--sort', 'value:asc', '--limit', '5', '--json', '--type', 'C']),
      run(['search', word, '--limit', '3']),
    ]);
    expect(json<InventoryPage>(all).total).toBe(VEHICLES);
    const text = json<InventoryPage>(byText);
    expect(text.rows.map((r) => r.reference)).toContain(target.reference);
    expect(text.total).toBe(vehicles.filter((v) => `${v.title} ${v.description}`.toLowerCase().includes(word.toLowerCase())).length);
    const offPage = json<InventoryPage>(off);
    expect(offPage.total).toBe(offCount);
    for (const row of offPage.rows) expect(row.publication.onPortal).toBe(false);
    const values = json<InventoryPage>(cheapFirst).rows.map((r) => r.price ?? 0);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values).toHaveLength(5);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^REFERENCE\s+TITLE\s+YEAR\s+PRICE\s+KM\s+PORTAL\s+PHOTOS$/);
    expect(table.stderr).toMatch(new RegExp(`1–\\d of ${text.total} listings`));
  });

  it('output piped into a reader that stops early (| head): a quiet exit 0, no stack trace', async () => {
    const result = await cli(['search', '--limit', '5', '--data-dir', data.dir], { env: { SHOWROOM_TOKEN: sb.integrationToken }, closeStdout: true });
    expect(result.stderr).not.toMatch(/EPIPE|Error|at /);
    expect(result.code, result.stderr).toBe(0);
  });

  it('show: every field with labels, publication, photos with their cache state', async () => {
    const withGap = vehicles.find((v) => v.pictures.some((p, i) => p.order !== i + 1)) ?? vehicles[0]!;
    const [human, machine, missing] = await Promise.all([
      run(['show', withGap.reference]),
      run(['show', withGap.reference, '--json']),
      run(['show', 'NO-SUCH-REF']),
    ]);
    expect(human.code, human.stderr).toBe(0);
    for (const label of ['Reference:', 'Title:', 'Price:', 'Mileage:', 'Plate:', 'On portal:', 'History', 'Photos (']) expect(human.stdout).toContain(label);
    expect(human.stdout).toContain(withGap.title);
    const view = json<VehicleDetailView>(machine);
    expect(view.reference).toBe(withGap.reference);
    expect(view.photos).toHaveLength(withGap.pictures.length);
    expect(view.photos[0]).toMatchObject({ order: Math.min(...withGap.pictures.map((p) => p.order)), cache: 'cached' });
    expect(view.photos.slice(1).every((p) => p.cache === 'not_cached')).toBe(true);
    if (view.rejectedPositions.length) expect(human.stdout).toContain('send all the photos of this listing again');
    expect(missing.code).toBe(5);
  });

  it('unpublish: sent when the portal answers, not found for an unknown reference', async () => {
    const target = vehicles.find((v) => v.publication !== null)!;
    const result = await run(['unpublish', target.reference, 'NO-SUCH-REF', '--json']);
    expect(result.code).toBe(5);
    const outcomes = json<PublicationOutcome[]>(result);
    expect(outcomes.map((o) => [o.reference, o.outcome])).toEqual([
      [target.reference, 'sent'],
      ['NO-SUCH-REF', 'not_found'],
    ]);
    const view = json<VehicleDetailView>(await run(['show', target.reference, '--json']));
    expect(view.publication.unpublish).toBe('pending');
  });

  it('plan (live) and status', async () => {
    const [plan, status, human] = await Promise.all([run(['plan', '--json']), run(['status', '--json']), run(['status'])]);
    expect(json<PlanView>(plan)).toMatchObject({ live: true, usage: { name: expect.any(String) } });
    const report = json<{ account: { name: string }; inventory: { total: number }; outbox: number; cache: { photos: { files: number } }; lastSyncAt: string }>(
      status,
    );
    expect(report).toMatchObject({ account: { name: 'Loja Centro' }, inventory: { total: VEHICLES }, outbox: 0, cache: { photos: { files: VEHICLES } } });
    expect(report.lastSyncAt).toMatch(/^\d{4}-/);
    expect(human.stdout).toMatch(/Listings:\s+40 \(/);
  });

  it('a refused token exits 4 with the dealer’s message, never the token', async () => {
    const result = await run(['sync', '--verbose'], { SHOWROOM_TOKEN: 'wrong-token-abcdef' });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('refused your integration token');
    expect(result.stderr).toContain('detail:');
    expect(result.stdout + result.stderr).not.toContain('wrong-token-abcdef');
  });
});

describe('Ctrl-C', () => {
  it('cancels a sync cleanly: exit 8, the inventory stays as it was', async () => {
    sb.faults.set({ latencyMs: 300, routes: ['GET /vehicles'] });
    const before = sb.stats.count('GET /vehicles');
    let poll: ReturnType<typeof setInterval> | undefined;
    try {
      const result = await cli(['sync', '--full', '--data-dir', data.dir], {
        env: { SHOWROOM_TOKEN: sb.integrationToken },
        // Interrupt once the sync is reading pages.
        onSpawn: (child) => {
          poll = setInterval(() => {
            if (sb.stats.count('GET /vehicles') > before || child.exitCode !== null) {
              clearInterval(poll);
              child.kill('SIGINT');
            }
          }, 20);
        },
      });
      expect(result.code, result.stderr).toBe(8);
      expect(result.stdout).toContain('cancelled');
    } finally {
      clearInterval(poll);
      sb.faults.clear();
    }
    const status = json<{ inventory: { total: number }; lastRun: { outcome: string } }>(await run(['status', '--json']));
    expect(status.inventory.total).toBe(VEHICLES);
    expect(status.lastRun.outcome).toBe('cancelled');
  });
});

describe('offline', () => {
  it('sync exits 3; plan falls back to the last sync; unpublish is queued; search still works', async () => {
    await sb.close();
    const target = vehicles.filter((v) => v.publication !== null)[1]!;
    const [sync, plan, unpublish, search] = await Promise.all([
      run(['sync']),
      run(['plan', '--json']),
      run(['unpublish', target.reference]),
      run(['search', '--json', '--limit', '1']),
    ]);
    expect(sync.code).toBe(3);
    expect(sync.stderr).toContain('could not be reached');
    expect(plan.code).toBe(0);
    expect(json<PlanView>(plan).live).toBe(false);
    expect(plan.stderr).toContain('showing the last synced copy');
    expect(unpublish.code).toBe(0);
    expect(unpublish.stdout).toContain(`${target.reference}: queued`);
    expect(json<InventoryPage>(search).total).toBe(VEHICLES);
    const status = json<{ outbox: number }>(await run(['status', '--json']));
    expect(status.outbox).toBe(1);
  });

  it('pending lists the queued unpublish; discard takes it back before it is sent', { timeout: 90_000 }, async () => {
    const target = vehicles.filter((v) => v.publication !== null)[1]!;
    // The unpublish sent earlier (online) waits for a read; the one queued offline can be taken back.
    const [listed, human] = await Promise.all([run(['pending', '--json']), run(['pending'])]);
    const pending = json<PendingChangeView[]>(listed);
    // Sent while the portal was unreachable: no answer, so checked before it is sent again; not on its way yet.
    expect(pending.map((c) => [c.kind, c.status, c.discardable])).toEqual([
      ['unpublish', 'sent', false],
      ['unpublish', 'sending', true],
    ]);
    const queued = pending[1]!;
    expect(queued.reference).toBe(target.reference);
    expect(human.stdout).toContain(`#${queued.id}  ${target.reference}  unpublish  waiting to be sent`);
    const sent = await run(['discard', String(pending[0]!.id)]);
    expect(sent.code).toBe(2);
    expect(sent.stderr).toContain('was already sent to the portal');
    const discarded = await run(['discard', `#${queued.id}`]);
    expect(discarded.code, discarded.stderr).toBe(0);
    expect(discarded.stdout).toContain('1 change discarded.');
    const [after, status] = await Promise.all([run(['pending', '--json']), run(['status', '--json'])]);
    expect(json<PendingChangeView[]>(after).map((c) => c.status)).toEqual(['sent']);
    expect(json<{ outbox: number }>(status).outbox).toBe(0);
    // Nothing left to take back: said, in the dealer's words.
    const again = await run(['discard', target.reference]);
    expect(again.code).toBe(5);
    expect(again.stderr).toContain(`There is no pending change “${target.reference}”`);
  });

  it('accounts remove; the bin launcher runs the same command line', async () => {
    const [account] = json<Array<{ id: string }>>(await run(['accounts', 'list', '--json']));
    const removed = await run(['accounts', 'remove', account!.id, '--no-keychain', '--delete-data']);
    expect(removed.code, removed.stderr).toBe(0);
    const list = await cli(['accounts', 'list', '--json', '--data-dir', data.dir], { bin: true });
    expect(list.code, list.stderr).toBe(0);
    expect(json(list)).toEqual([]);
  });
});

// The command line and the app read the same account state: a sync or a refused token seen by
// `showroom sync` shows in the running app's account list and sync status, with nothing to reload.
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/main/cli/exit-codes';
import { startSandbox } from '../../src/sandbox';
import { makeBackend, type TestBackend } from '../backend/helpers';
import { cli, json } from '../cli/helpers';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the CLI and the app share the account’s state', () => {
  it('a CLI sync, refused then accepted, shows in the app’s account list and sync status', async () => {
    const sb = await startSandbox({ vehicles: 80 });
    cleanups.push(() => sb.close());
    const app: TestBackend = await makeBackend();
    cleanups.push(() => app.cleanup());
    const account = await app.call('accounts.add', { name: 'Loja', baseUrl: sb.baseUrl, token: sb.integrationToken });
    expect(account).toMatchObject({ active: true, lastSyncAt: null, tokenRefused: false });
    const run = (args: string[], token: string) => cli([...args, '--data-dir', app.dataDir, '--no-keychain'], { env: { SHOWROOM_TOKEN: token } });

    // A token the portal refuses, from the command line: the app's list says so at once.
    const refused = await run(['sync', '--no-photos'], 'not-the-token');
    expect(refused.code).toBe(EXIT.token);
    const [listed] = await app.call('accounts.list', {});
    expect(listed).toMatchObject({ id: account.id, tokenRefused: true, lastSyncAt: null });

    // The right token: the app sees the sync that worked, its run and its listings.
    const synced = await run(['sync', '--no-photos', '--json'], sb.integrationToken);
    expect(synced.code).toBe(EXIT.ok);
    const report = json<{ id: string; outcome: string }>(synced);
    expect(report.outcome).toBe('succeeded');
    const status = json<{ lastSyncAt: string }>(await run(['status', '--json'], sb.integrationToken));
    const [after] = await app.call('accounts.list', {});
    expect(after).toMatchObject({ tokenRefused: false, lastSyncAt: status.lastSyncAt });
    expect(status.lastSyncAt).not.toBeNull();
    const appStatus = await app.call('sync.status', {});
    expect(appStatus.lastRun).toMatchObject({ id: report.id, outcome: 'succeeded' });
    expect((await app.call('inventory.summary', {})).total).toBe(80);
  });
});

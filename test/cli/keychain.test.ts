// The keychain path of the command line, with the real OS keychain (gnome-keyring in a private
// D-Bus session: run under scripts/with-keyring.sh): the token typed once on standard input, then
// every command without SHOWROOM_TOKEN.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeytarKeychain } from '../../src/main/secrets';
import { profileName } from '../../src/main/app-data/profile';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { cli, json, tempDataDir } from './helpers';

const hasSession = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
let sb: Sandbox;
let data: { dir: string; cleanup(): void };

beforeAll(async () => {
  sb = await startSandbox({ vehicles: 12, seed: 5 });
  data = tempDataDir();
});
afterAll(async () => {
  await sb.close();
  data.cleanup();
});

describe('command line with the system keychain', () => {
  it('accounts add reads the token from stdin and keeps it in the keychain; later runs need no SHOWROOM_TOKEN', async () => {
    expect(hasSession, 'no D-Bus session: run the tests under scripts/with-keyring.sh').toBe(true);
    const d = ['--data-dir', data.dir];
    const added = await cli(['accounts', 'add', '--name', 'Keychain Loja', '--base-url', sb.baseUrl, '--token-stdin', ...d], {
      input: `${sb.integrationToken}\n`,
    });
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain('The token is in the system keychain.');

    const synced = await cli(['sync', '--no-photos', ...d]);
    expect(synced.code, synced.stderr).toBe(0);
    expect(synced.stdout).toContain('12 listings');

    const [account] = json<Array<{ id: string }>>(await cli(['accounts', 'list', '--json', ...d]));
    // Run from the sources, the command line uses the development profile's keychain service.
    const keychain = createKeytarKeychain(profileName(false));
    expect(await keychain.get(account!.id)).toBe(sb.integrationToken);
    const removed = await cli(['accounts', 'remove', account!.id, ...d]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(await keychain.get(account!.id)).toBeNull();
    expect(json(await cli(['accounts', 'list', '--json', ...d]))).toEqual([]);
  });
});

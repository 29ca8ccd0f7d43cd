// Run from the sources, the command line never touches the dealer's installed profile: with no
// --data-dir it uses "Showroom (development)" under the (temporary) home folder.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { cli, tempDataDir } from './helpers';

let sb: Sandbox;
let home: { dir: string; cleanup(): void };
beforeAll(async () => {
  sb = await startSandbox({ vehicles: 3, seed: 4 });
  home = tempDataDir();
});
afterAll(async () => {
  await sb.close();
  home.cleanup();
});

it('uses the development profile, and keeps photos in the cache folder', async () => {
  const env = { HOME: home.dir, XDG_CONFIG_HOME: undefined, XDG_CACHE_HOME: undefined, SHOWROOM_TOKEN: sb.integrationToken };
  const added = await cli(['accounts', 'add', '--name', 'Loja', '--base-url', sb.baseUrl, '--no-keychain'], { env });
  expect(added.code, added.stderr).toBe(0);
  const synced = await cli(['sync', '--no-keychain'], { env });
  expect(synced.code, synced.stderr).toBe(0);
  expect(existsSync(join(home.dir, '.config', 'Showroom (development)', 'accounts.json'))).toBe(true);
  expect(existsSync(join(home.dir, '.config', 'Showroom'))).toBe(false);
  expect(existsSync(join(home.dir, '.cache', 'Showroom (development)', 'accounts'))).toBe(true);
});

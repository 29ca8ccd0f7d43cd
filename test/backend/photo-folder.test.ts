// The photo cache in the OS cache folder: a backend given a cacheDir downloads there, and an
// account whose photos are still in the old place (with its data) brings them along when opened.
// Real folders, the sandbox portal over loopback, the real keychain (scripts/with-keyring.sh).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adoptLegacyPhotos } from '../../src/main/account-session/photo-folder';
import { currentPhotos } from '../../src/main/ipc/backend';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { makeBackend, type TestBackend } from './helpers';

const scratch: string[] = [];
function tempDir(base = tmpdir()): string {
  const dir = mkdtempSync(join(base, 'showroom-photo-folder-'));
  scratch.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Every file under `dir`, relative, sorted. */
function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

function legacyFolder(root: string): string {
  const from = join(root, 'accounts', 'a1', 'photos');
  mkdirSync(join(from, 'ab'), { recursive: true });
  writeFileSync(join(from, 'ab', 'abcd.jpg'), 'jpeg bytes');
  return from;
}

describe('adoptLegacyPhotos', () => {
  it('moves the old folder to the new place, files and all', async () => {
    const from = legacyFolder(tempDir());
    const to = join(tempDir(), 'accounts', 'a1', 'photos');
    expect(await adoptLegacyPhotos(from, to)).toBe('moved');
    expect(existsSync(from)).toBe(false);
    expect(readFileSync(join(to, 'ab', 'abcd.jpg'), 'utf8')).toBe('jpeg bytes');
  });

  it('an empty new folder (an earlier start) gives way; one with photos keeps them and the old copy goes', async () => {
    const from = legacyFolder(tempDir());
    const to = join(tempDir(), 'photos');
    mkdirSync(to, { recursive: true });
    expect(await adoptLegacyPhotos(from, to)).toBe('moved');

    const again = legacyFolder(tempDir());
    writeFileSync(join(to, 'newer.jpg'), 'newer');
    expect(await adoptLegacyPhotos(again, to)).toBe('dropped');
    expect(existsSync(again)).toBe(false);
    expect(files(to)).toEqual([join('ab', 'abcd.jpg'), 'newer.jpg']);
  });

  it('nothing to do without an old folder, or when both are the same folder', async () => {
    const root = tempDir();
    expect(await adoptLegacyPhotos(join(root, 'none'), join(root, 'to'))).toBe('nothing');
    expect(existsSync(join(root, 'to'))).toBe(false);
    const from = legacyFolder(root);
    expect(await adoptLegacyPhotos(from, `${from}/`)).toBe('nothing');
    expect(files(from)).toEqual([join('ab', 'abcd.jpg')]);
  });

  it.skipIf(!existsSync('/dev/shm'))('across disks (no rename possible) the old copy is dropped: photos are downloaded again', async () => {
    const from = legacyFolder(tempDir());
    const to = join(tempDir('/dev/shm'), 'photos');
    expect(await adoptLegacyPhotos(from, to)).toBe('dropped');
    expect(existsSync(from)).toBe(false);
  });
});

describe('a backend with a cache folder', () => {
  let sandbox: Sandbox;
  const open: TestBackend[] = [];
  beforeAll(async () => {
    sandbox = await startSandbox({ vehicles: 6, seed: 9 });
  });
  afterAll(async () => {
    for (const b of open.splice(0)) await b.cleanup();
    await sandbox.close();
  });

  async function syncOnce(b: TestBackend): Promise<void> {
    const since = b.events.all.length;
    const { runId } = await b.call('sync.start', { full: true });
    const run = await b.events.next('sync.finished', (r) => r.id === runId, { since, timeoutMs: 30_000 });
    expect(run.outcome).toBe('succeeded');
  }

  it('a new account: its database in the data folder, its photos in the cache folder', async () => {
    const cacheDir = tempDir();
    const b = await makeBackend({ deps: { cacheDir } });
    open.push(b);
    const accountId = (await b.call('accounts.add', { name: 'Nova', baseUrl: sandbox.baseUrl, token: sandbox.integrationToken })).id;
    await syncOnce(b);
    expect(existsSync(join(b.dataDir, 'accounts', accountId, 'cache.sqlite'))).toBe(true);
    expect(files(join(cacheDir, 'accounts', accountId, 'photos')).length).toBeGreaterThan(0);
    expect(existsSync(join(b.dataDir, 'accounts', accountId, 'photos'))).toBe(false);
  });

  it('keeps the photos there, and brings an account’s old photos along when it is opened', async () => {
    // Before the change: no cacheDir, so the photos live with the account's data.
    const before = await makeBackend();
    open.push(before);
    const accountId = (await before.call('accounts.add', { name: 'Loja', baseUrl: sandbox.baseUrl, token: sandbox.integrationToken })).id;
    await syncOnce(before);
    const legacy = join(before.dataDir, 'accounts', accountId, 'photos');
    const downloaded = files(legacy);
    expect(downloaded.length).toBeGreaterThan(0);
    await before.close();

    // After: the same data folder, a cache folder elsewhere.
    const cacheDir = tempDir();
    const after = await makeBackend({ dataDir: before.dataDir, keychain: before.keychain, deps: { cacheDir } });
    open.push(after);
    await after.call('inventory.summary', {});
    const moved = join(cacheDir, 'accounts', accountId, 'photos');
    expect(files(moved)).toEqual(downloaded);
    expect(existsSync(legacy)).toBe(false);
    expect(currentPhotos(after.backend)?.root).toBe(moved);

    // New downloads land there too, and clearing the cache empties that folder.
    await syncOnce(after);
    expect(files(moved).length).toBeGreaterThanOrEqual(downloaded.length);
    await after.call('cache.clear', {});
    expect(files(moved)).toEqual([]);
    expect(files(legacy)).toEqual([]);

    // Removing the account with its data removes its photos in the cache folder as well.
    await syncOnce(after);
    expect(files(moved).length).toBeGreaterThan(0);
    await after.call('accounts.remove', { accountId, deleteData: true });
    expect(existsSync(moved)).toBe(false);
  });
});

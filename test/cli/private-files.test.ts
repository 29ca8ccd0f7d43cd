// The data folder is the dealer's alone (issue 28, item 2): every folder Showroom creates is 0700
// and every file 0600 after a real sync (photos too) and an export, what an earlier version left
// 0755/0644 is tightened when the account is opened, and another local account reads nothing.
// File modes: not on Windows.
import { spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { cli, json } from './helpers';

let sb: Sandbox;
/** A parent open to others, as an old Debian home (0755) or a --data-dir anywhere. */
let parent: string;
let dataDir: string;
let accountFolder: string;

const run = (args: string[]) => cli([...args, '--data-dir', dataDir], { env: { SHOWROOM_TOKEN: sb.integrationToken } });

/** Every path under `dir` whose mode lets anyone but the owner in, with its mode. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if ((stat.mode & 0o077) !== 0) found.push(`${path.slice(dataDir.length)} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return found;
}

/** Sets every folder under `dir` to `dirMode` and every file to `fileMode`, as an earlier version left them. */
function loosen(dir: string, dirMode: number, fileMode: number): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) loosen(path, dirMode, fileMode);
    else chmodSync(path, fileMode);
  }
  chmodSync(dir, dirMode);
}

describe.skipIf(process.platform === 'win32')('the data folder is private to the dealer', () => {
  beforeAll(async () => {
    sb = await startSandbox({ vehicles: 12, seed: 28, integrationToken: 'cli-private-token-0123456789' });
    parent = mkdtempSync(join(tmpdir(), 'showroom-cli-private-'));
    chmodSync(parent, 0o755);
    dataDir = join(parent, 'data');
  });
  afterAll(async () => {
    await sb.close();
    rmSync(parent, { recursive: true, force: true });
  });

  it('after a real sync with photos and an export into a fresh data folder, no folder or file is open to others', { timeout: 120_000 }, async () => {
    expect((await run(['accounts', 'add', '--name', 'Loja', '--base-url', sb.baseUrl, '--no-keychain'])).code).toBe(0);
    const synced = await run(['sync']);
    expect(synced.code, synced.stderr).toBe(0);
    const [account] = json<Array<{ id: string }>>(await run(['accounts', 'list', '--json']));
    accountFolder = join(dataDir, 'accounts', account!.id);
    // What the sync left: the cache and its queued-changes file, the search index, photos.
    const files = readdirSync(accountFolder);
    expect(files).toEqual(expect.arrayContaining(['cache.sqlite', 'cache.local.sqlite', 'photos']));
    expect(readdirSync(join(accountFolder, 'photos'), { recursive: true }).some((name) => String(name).endsWith('.jpg'))).toBe(true);
    const out = join(dataDir, 'estoque.csv');
    const exported = await run(['export', '--out', out]);
    expect(exported.code, exported.stderr).toBe(0);
    // Before: folders 0755, the cache, queued changes, photos and the export 0644.
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('what an earlier version left 0755/0644 is tightened when the account is opened', { timeout: 60_000 }, async () => {
    loosen(dataDir, 0o755, 0o644);
    const status = await run(['status']);
    expect(status.code, status.stderr).toBe(0);
    // The folders on the way in, and the files in the data folder and the account's folder.
    for (const folder of [dataDir, join(dataDir, 'accounts'), accountFolder, join(accountFolder, 'photos')]) {
      expect((lstatSync(folder).mode & 0o777).toString(8), folder).toBe('700');
    }
    for (const file of [join(dataDir, 'accounts.json'), join(accountFolder, 'cache.sqlite'), join(accountFolder, 'cache.local.sqlite')]) {
      expect((lstatSync(file).mode & 0o777).toString(8), file).toBe('600');
    }
  });

  // Root on Linux: a throw-away local account tries to read the stock.
  const root = process.platform === 'linux' && process.getuid?.() === 0 && spawnSync('useradd', ['--help']).status === 0;
  it.runIf(root)('another local account can read neither the cache nor the folder', { timeout: 60_000 }, () => {
    const user = `shrm${process.pid}`;
    expect(spawnSync('useradd', ['--no-create-home', '--shell', '/bin/sh', user]).status).toBe(0);
    try {
      const as = (...command: string[]) => spawnSync('runuser', ['-u', user, '--', ...command], { encoding: 'utf8' });
      // The check can fail: the parent is open to that account.
      expect(as('ls', parent).status).toBe(0);
      for (const command of [
        ['cat', join(accountFolder, 'cache.sqlite')],
        ['cat', join(dataDir, 'accounts.json')],
        ['ls', dataDir],
      ]) {
        const r = as(...command);
        expect(r.status, command.join(' ')).not.toBe(0);
        expect(r.stderr).toMatch(/Permission denied/);
      }
    } finally {
      spawnSync('userdel', [user]);
    }
  });
});

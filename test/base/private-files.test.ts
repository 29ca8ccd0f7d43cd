// The private-files helper on its own (the CLI test covers it in use): which folders it tightens,
// and that a database file is created private while a folder it cannot write is left to SQLite.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensurePrivateDir, preparePrivateDatabaseFile } from '../../src/main/base/private-files';

let dir: string;
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'showroom-private-'));
  chmodSync(dir, 0o755);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(process.platform === 'win32')('private files', () => {
  it('tightens the folders from the one asked for up to its root, and nothing above the root', async () => {
    mkdirSync(join(dir, 'cache', 'accounts'), { recursive: true, mode: 0o755 });
    chmodSync(join(dir, 'cache'), 0o755);
    await ensurePrivateDir(join(dir, 'cache', 'accounts', 'a1', 'photos'), join(dir, 'cache'));
    for (const folder of ['cache', 'cache/accounts', 'cache/accounts/a1', 'cache/accounts/a1/photos']) expect(mode(join(dir, folder)), folder).toBe('700');
    expect(mode(dir)).toBe('755');
    // A root the folder is not inside: the folder alone.
    mkdirSync(join(dir, 'elsewhere'), { mode: 0o755 });
    await ensurePrivateDir(join(dir, 'elsewhere'), join(dir, 'cache', 'accounts'));
    expect(mode(join(dir, 'elsewhere'))).toBe('700');
  });

  it('a shared sticky folder (as /tmp) given as the data folder is left open: it is everyone’s, not Showroom’s', async () => {
    const shared = join(dir, 'tmp');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    await ensurePrivateDir(shared);
    await ensurePrivateDir(join(shared, 'showroom', 'accounts'), shared);
    expect((statSync(shared).mode & 0o7777).toString(8)).toBe('1777');
    expect(mode(join(shared, 'showroom'))).toBe('700');
  });

  it('a database file is created 0600, an existing one and its -wal tightened; a missing folder is left to SQLite', () => {
    const file = join(dir, 'cache.sqlite');
    preparePrivateDatabaseFile(file);
    expect(mode(file)).toBe('600');
    chmodSync(file, 0o644);
    writeFileSync(`${file}-wal`, '', { mode: 0o644 });
    chmodSync(`${file}-wal`, 0o644);
    preparePrivateDatabaseFile(file);
    expect([mode(file), mode(`${file}-wal`)]).toEqual(['600', '600']);
    expect(() => preparePrivateDatabaseFile(join(dir, 'missing', 'cache.sqlite'))).not.toThrow();
  });
});

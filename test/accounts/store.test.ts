// Accounts in <dataDir>/accounts.json, tokens in the real keychain.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccountStore, type AccountStore } from '../../src/main/accounts';
import { writeFileAtomic } from '../../src/main/base/atomic-file';
import { createKeytarKeychain, type Keychain } from '../../src/main/secrets';
import { AppError } from '../../src/shared/errors';
import { codedError } from '../../src/shared/i18n/messages';

const TOKEN = 'sbx_account-store-test-token-0123456789';
let dataDir: string;
let keychain: Keychain;
let store: AccountStore;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'showroom-accounts-'));
  keychain = createKeytarKeychain(`Showroom-test-${randomUUID()}`);
  store = createAccountStore({ dataDir, keychain, now: () => Date.parse('2025-03-01T12:00:00.000Z') });
});
afterEach(async () => {
  for (const account of await store.list().catch(() => [])) await keychain.delete(account.id).catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
});

const add = (overrides: Partial<Parameters<AccountStore['add']>[0]> = {}) =>
  store.add({ name: 'Auto Center Sul', baseUrl: 'https://api.portal.example/integration/v2/', integrationToken: TOKEN, ...overrides });

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('account store', () => {
  it('adds an account: file without the token, token in the keychain under the id', async () => {
    const { account, warnings } = await add({ name: '  Auto Center Sul  ' });
    expect(warnings).toEqual([]);
    expect(account).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Auto Center Sul',
      baseUrl: 'https://api.portal.example/integration/v2',
      settings: { photos: 'covers', photoBudgetMB: 2048 },
      createdAt: '2025-03-01T12:00:00.000Z',
    });
    const file = await readFile(join(dataDir, 'accounts.json'), 'utf8');
    expect(JSON.parse(file)).toEqual({ version: 1, accounts: [account] });
    expect(file).not.toContain(TOKEN);
    expect(await keychain.get(account.id)).toBe(TOKEN);
    expect(await store.token(account.id)).toBe(TOKEN);
    expect(await store.list()).toEqual([account]);
    expect(await store.get(account.id)).toEqual(account);
  });

  it('passes on the base-URL warning', async () => {
    const { warnings } = await add({ baseUrl: 'https://api.portal.example/' });
    expect(warnings[0]).toMatch(/integration\/v2/);
  });

  it('validates input and writes nothing when it is wrong', async () => {
    expect((await errorOf(add({ name: ' ' }))).detail?.field).toBe('name');
    expect((await errorOf(add({ baseUrl: 'http://portal.example/integration/v2' }))).detail?.field).toBe('baseUrl');
    expect((await errorOf(add({ integrationToken: '' }))).detail?.field).toBe('integrationToken');
    expect((await errorOf(add({ integrationToken: 'abc\r\nx-evil: 1' }))).detail?.field).toBe('integrationToken');
    expect((await errorOf(add({ settings: { photoBudgetMB: -1 } }))).detail?.field).toBe('photoBudgetMB');
    const bad = await errorOf(add({ settings: { photos: 'some' as 'all' } }));
    expect(bad.kind).toBe('bad_input');
    await expect(readdir(dataDir)).resolves.toEqual([]);
  });

  it('settings: defaults, explicit values, partial update', async () => {
    const { account } = await add({ settings: { photos: 'all', photoBudgetMB: 512 } });
    expect(account.settings).toEqual({ photos: 'all', photoBudgetMB: 512 });
    const { account: updated } = await store.update(account.id, { name: 'Renamed', settings: { photoBudgetMB: 100 } });
    expect(updated).toMatchObject({ name: 'Renamed', settings: { photos: 'all', photoBudgetMB: 100 } });
    expect(await store.get(account.id)).toEqual(updated);
  });

  it('replaces the token', async () => {
    const { account } = await add();
    await store.replaceToken(account.id, ' sbx_new-token ');
    expect(await store.token(account.id)).toBe('sbx_new-token');
    expect((await errorOf(store.replaceToken('no-such-account', 'x'))).kind).toBe('not_found');
  });

  it('no token in the keychain → no_token', async () => {
    const { account } = await add();
    await keychain.delete(account.id);
    const error = await errorOf(store.token(account.id));
    expect(error.kind).toBe('no_token');
  });

  it('removes the account and its token; the cache folder only when asked', async () => {
    const first = (await add({ name: 'First' })).account;
    const second = (await add({ name: 'Second' })).account;
    for (const a of [first, second]) {
      await mkdir(join(store.dataFolder(a.id), 'photos'), { recursive: true });
      await writeFile(join(store.dataFolder(a.id), 'cache.sqlite'), 'x');
    }
    await store.remove(first.id);
    expect(await keychain.get(first.id)).toBeNull();
    expect((await store.list()).map((a) => a.id)).toEqual([second.id]);
    await expect(readdir(store.dataFolder(first.id))).resolves.toContain('cache.sqlite');

    await store.remove(second.id, { deleteCache: true });
    expect(await store.list()).toEqual([]);
    expect(await keychain.get(second.id)).toBeNull();
    await expect(readdir(store.dataFolder(second.id))).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await errorOf(store.get(second.id))).kind).toBe('not_found');
  });

  it('refuses ids that could escape the data folder', () => {
    expect(() => store.dataFolder('../../etc')).toThrow(AppError);
    expect(() => store.dataFolder('A/B')).toThrow(AppError);
  });

  it('concurrent adds lose nothing', async () => {
    await Promise.all(Array.from({ length: 8 }, (_, i) => add({ name: `Dealer ${i}` })));
    const names = (await store.list()).map((a) => a.name).sort();
    expect(names).toEqual(Array.from({ length: 8 }, (_, i) => `Dealer ${i}`).sort());
    expect((await readdir(dataDir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a damaged accounts.json is reported, not silently emptied', async () => {
    await writeFile(join(dataDir, 'accounts.json'), '{"version":1,"accounts":[{"id":');
    const error = await errorOf(store.list());
    expect(error.kind).toBe('database');
    expect(error.message).toMatch(/damaged/);
  });

  it('without a keychain no account is created (never a token in clear)', async () => {
    const unavailable = codedError('keychain_unavailable', { code: 'keychain.unavailable' });
    const none: Keychain = {
      get: () => Promise.reject(unavailable),
      set: () => Promise.reject(unavailable),
      delete: () => Promise.reject(unavailable),
    };
    const bare = createAccountStore({ dataDir, keychain: none });
    expect((await errorOf(bare.add({ name: 'X', baseUrl: 'https://a.example/integration/v2', integrationToken: TOKEN }))).kind).toBe('keychain_unavailable');
    await expect(readdir(dataDir)).resolves.toEqual([]);
  });
});

describe('writeFileAtomic', () => {
  it('replaces the file whole and leaves no temp file', async () => {
    const file = join(dataDir, 'nested', 'a.json');
    await writeFileAtomic(file, 'one');
    await writeFileAtomic(file, 'two');
    expect(await readFile(file, 'utf8')).toBe('two');
    expect(await readdir(join(dataDir, 'nested'))).toEqual(['a.json']);
  });

  it('a failed rename keeps the old content and cleans up the temp file', async () => {
    const target = join(dataDir, 'target');
    await mkdir(join(target, 'not-empty'), { recursive: true }); // rename over a non-empty folder fails
    await expect(writeFileAtomic(target, 'new')).rejects.toThrow();
    expect(await readdir(dataDir)).toEqual(['target']);
  });
});

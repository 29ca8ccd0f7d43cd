// Accounts, settings, app info and the external-link guard, through the backend's handlers, with
// the real keychain (scripts/with-keyring.sh) and the sandbox portal.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { errorKindOf, makeBackend, type TestBackend } from './helpers';

let sandbox: Sandbox;
const open: TestBackend[] = [];
async function backend(options?: Parameters<typeof makeBackend>[0]): Promise<TestBackend> {
  const b = await makeBackend(options);
  open.push(b);
  return b;
}

beforeAll(async () => {
  sandbox = await startSandbox({ vehicles: 20 });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  for (const b of open.splice(0)) await b.cleanup();
});

describe('accounts', () => {
  it('test: a wrong token is refused, the right one connects; nothing is saved', async () => {
    const b = await backend();
    const refused = await b.call('accounts.test', { baseUrl: sandbox.baseUrl, token: 'not-the-token' });
    expect(refused.outcome).toBe('token_refused');
    expect(refused.planName).toBeNull();
    const ok = await b.call('accounts.test', { baseUrl: sandbox.baseUrl, token: sandbox.integrationToken });
    expect(ok).toMatchObject({ outcome: 'connected', pathWarning: false });
    expect(ok.planName).toEqual(expect.any(String));
    expect(await b.call('accounts.list', {})).toEqual([]);
  });

  it('test: unreachable address is offline; a path without integration/v2 warns; a bad address is bad_input', async () => {
    const b = await backend();
    const offline = await b.call('accounts.test', { baseUrl: 'http://127.0.0.1:1/integration/v2', token: 'x' });
    expect(offline.outcome).toBe('offline');
    const warned = await b.call('accounts.test', { baseUrl: sandbox.origin, token: sandbox.integrationToken });
    expect(warned.pathWarning).toBe(true);
    expect(warned.outcome).not.toBe('connected');
    expect(await errorKindOf(() => b.call('accounts.test', { baseUrl: 'ftp://example.com', token: 'x' }))).toBe('bad_input');
  });

  it('add: token in the keychain only; the new account is active; events', async () => {
    const b = await backend();
    const account = await b.call('accounts.add', { name: 'Loja', baseUrl: `${sandbox.baseUrl}/`, token: sandbox.integrationToken });
    expect(account).toMatchObject({ name: 'Loja', baseUrl: sandbox.baseUrl, active: true, demo: false, lastSyncAt: null, tokenRefused: false });
    expect(await b.keychain.get(account.id)).toBe(sandbox.integrationToken);
    expect(b.events.of('accounts.changed')).toContainEqual({ activeAccountId: account.id });
    expect(b.events.of('cache.changed')).toContainEqual({ reason: 'account' });
    for (const file of ['accounts.json', 'app-state.json']) {
      expect(readFileSync(join(b.dataDir, file), 'utf8')).not.toContain(sandbox.integrationToken);
    }
    expect(existsSync(join(b.dataDir, 'accounts', account.id, 'cache.sqlite'))).toBe(true);
    expect(await b.call('inventory.summary', {})).toMatchObject({ total: 0, lastSyncAt: null });
    expect(await errorKindOf(() => b.call('accounts.add', { name: 'X', baseUrl: 'http://portal.example.com/integration/v2', token: 't' }))).toBe('bad_input');
  });

  it('no account: channels that need one say so', async () => {
    const b = await backend();
    expect(await errorKindOf(() => b.call('inventory.summary', {}))).toBe('bad_input');
    expect(await errorKindOf(() => b.call('sync.start', {}))).toBe('bad_input');
    expect(await b.call('sync.cancel', {})).toBeNull();
  });

  it('select, remove (with and without data), and the active account after a restart', async () => {
    const b = await backend();
    const first = await b.call('accounts.add', { name: 'First', baseUrl: sandbox.baseUrl, token: sandbox.integrationToken });
    const second = await b.call('accounts.add', { name: 'Second', baseUrl: sandbox.baseUrl, token: sandbox.integrationToken });
    expect((await b.call('accounts.list', {})).map((a) => [a.name, a.active])).toEqual([
      ['First', false],
      ['Second', true],
    ]);
    expect((await b.call('accounts.select', { accountId: first.id })).active).toBe(true);
    await b.close();

    const again = await backend({ dataDir: b.dataDir, keychain: b.keychain });
    expect((await again.call('accounts.list', {})).find((a) => a.active)?.id).toBe(first.id);
    await again.call('accounts.remove', { accountId: first.id, deleteData: true });
    expect(existsSync(join(b.dataDir, 'accounts', first.id))).toBe(false);
    expect(await b.keychain.get(first.id)).toBeNull();
    const left = await again.call('accounts.list', {});
    expect(left.map((a) => [a.id, a.active])).toEqual([[second.id, true]]);
    await again.call('accounts.remove', { accountId: second.id, deleteData: false });
    expect(existsSync(join(b.dataDir, 'accounts', second.id))).toBe(true);
    expect(await again.call('accounts.list', {})).toEqual([]);
    expect(again.events.of('accounts.changed').at(-1)).toEqual({ activeAccountId: null });
    expect(await errorKindOf(() => again.call('accounts.select', { accountId: first.id }))).toBe('not_found');
  });

  it('replaceToken stores the new token', async () => {
    const b = await backend();
    const account = await b.call('accounts.add', { name: 'Loja', baseUrl: sandbox.baseUrl, token: 'old-token' });
    const replaced = await b.call('accounts.replaceToken', { accountId: account.id, token: sandbox.integrationToken });
    expect(replaced.tokenRefused).toBe(false);
    expect(await b.keychain.get(account.id)).toBe(sandbox.integrationToken);
  });
});

describe('settings, app info, links', () => {
  it("the language is the app's; photo settings are the active account's, saved with it", async () => {
    const b = await backend();
    const defaults = { photoCaching: 'covers', diskBudgetMb: 2048, language: 'system' };
    expect(await b.call('settings.get', {})).toEqual(defaults);
    // No account: the language can change, photo settings have nothing to belong to.
    expect(await b.call('settings.set', { language: 'pt-BR' })).toEqual({ ...defaults, language: 'pt-BR' });
    expect(await errorKindOf(() => b.call('settings.set', { photoCaching: 'all' }))).toBe('bad_input');

    const first = await b.call('accounts.add', { name: 'Loja A', baseUrl: sandbox.baseUrl, token: sandbox.integrationToken });
    const next = await b.call('settings.set', { photoCaching: 'all', diskBudgetMb: 500 });
    expect(next).toEqual({ photoCaching: 'all', diskBudgetMb: 500, language: 'pt-BR' });
    expect(b.events.of('settings.changed').at(-1)).toEqual(next);
    const saved = JSON.parse(readFileSync(join(b.dataDir, 'accounts.json'), 'utf8')) as { accounts: { id: string; settings: unknown }[] };
    expect(saved.accounts.find((a) => a.id === first.id)?.settings).toEqual({ photos: 'all', photoBudgetMB: 500 });
    expect(JSON.parse(readFileSync(join(b.dataDir, 'settings.json'), 'utf8'))).toEqual({ language: 'pt-BR' });

    // A second account starts from the defaults; switching back shows the first one's, and says so.
    await b.call('accounts.add', { name: 'Loja B', baseUrl: sandbox.baseUrl, token: sandbox.integrationToken });
    expect(await b.call('settings.get', {})).toEqual({ ...defaults, language: 'pt-BR' });
    await b.call('accounts.select', { accountId: first.id });
    expect(b.events.of('settings.changed').at(-1)).toEqual(next);
    expect(await b.call('settings.get', {})).toEqual(next);

    await b.close();
    const again = await backend({ dataDir: b.dataDir, keychain: b.keychain });
    expect(await again.call('settings.get', {})).toEqual(next);
  });

  it('app.info', async () => {
    const b = await backend();
    const info = await b.call('app.info', {});
    expect(info).toMatchObject({ dataFolder: b.dataDir, logsFolder: join(b.dataDir, 'logs'), platform: process.platform });
    expect(info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(info.systemLanguage.length).toBeGreaterThan(1);
  });

  it('shell.openListing: http(s) pages only', async () => {
    const b = await backend();
    await b.call('shell.openListing', { url: 'https://portal.example.com/listing/1' });
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x', 'https://user:pw@example.com/', 'java\tscript:alert(1)']) {
      expect(await errorKindOf(() => b.call('shell.openListing', { url }))).toBe('bad_input');
    }
    expect(b.opened).toEqual(['https://portal.example.com/listing/1']);
  });
});

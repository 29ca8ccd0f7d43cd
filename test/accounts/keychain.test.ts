// The real OS keychain (gnome-keyring in a D-Bus session: scripts/with-keyring.sh), and a child
// process without one.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createKeytarKeychain, KEYCHAIN_UNAVAILABLE_MESSAGE } from '../../src/main/secrets';

const run = promisify(execFile);
const hasSession = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);

describe('keytar keychain', () => {
  it('round trip: set, get, replace, delete (needs a Secret Service: run under scripts/with-keyring.sh)', async () => {
    expect(hasSession, 'no D-Bus session: run the tests under scripts/with-keyring.sh').toBe(true);
    const keychain = createKeytarKeychain(`Showroom-test-${randomUUID()}`);
    const account = randomUUID();
    expect(await keychain.get(account)).toBeNull();
    await keychain.set(account, 'first-token');
    expect(await keychain.get(account)).toBe('first-token');
    await keychain.set(account, 'second-token');
    expect(await keychain.get(account)).toBe('second-token');
    expect(await keychain.delete(account)).toBe(true);
    expect(await keychain.get(account)).toBeNull();
    expect(await keychain.delete(account)).toBe(false);
  });

  it('accounts are kept apart', async () => {
    const keychain = createKeytarKeychain(`Showroom-test-${randomUUID()}`);
    const [a, b] = [randomUUID(), randomUUID()];
    await keychain.set(a, 'token-a');
    await keychain.set(b, 'token-b');
    expect(await keychain.get(a)).toBe('token-a');
    expect(await keychain.get(b)).toBe('token-b');
    await keychain.delete(a);
    await keychain.delete(b);
  });

  it('no Secret Service: keychain_unavailable on every call, no fallback', async () => {
    const child = fileURLToPath(new URL('./fixtures/keychain-child.ts', import.meta.url));
    const env: NodeJS.ProcessEnv = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/showroom-test-bus' };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', child], { env, timeout: 20_000 });
    const results = JSON.parse(stdout) as Record<
      string,
      { ok: boolean; error?: { kind: string; message: string; detail?: Record<string, unknown> }; cause?: string }
    >;
    for (const name of ['get', 'set', 'delete']) {
      const result = results[name];
      expect(result?.ok, name).toBe(false);
      expect(result?.error?.kind).toBe('keychain_unavailable');
      expect(result?.error?.message).toBe(KEYCHAIN_UNAVAILABLE_MESSAGE);
      expect(result?.error?.detail?.operation).toBe(name);
      expect(String(result?.cause)).toMatch(/connect|D-Bus|secrets|does not exist/i);
      expect(JSON.stringify(result)).not.toContain('secret-token-value');
    }
  });
});

/* eslint-disable no-empty-pattern -- Playwright reads a fixture's dependencies from its destructured first argument; `{}` means none. */
// What only Electron has: the window's web preferences, the CSP header of our protocol, the
// navigation and new-window guards, permissions.
import { expect, test } from '@playwright/test';
import { launchShowroom, type Launched } from './launch';

let launched: Launched;

test.beforeEach(async ({}, testInfo) => {
  launched = await launchShowroom(testInfo);
});

test.afterEach(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- undefined when the launch in beforeEach failed
  await launched?.app.close();
});

test('the window is isolated and sandboxed, without Node', async () => {
  const prefs = await launched.app.evaluate(({ BrowserWindow }) => {
    const [window] = BrowserWindow.getAllWindows();
    // Undocumented but long-standing (Electron's own specs use it); absent → checked by behaviour only.
    const contents = window!.webContents as unknown as { getLastWebPreferences?(): Record<string, unknown> | null };
    const p = contents.getLastWebPreferences?.();
    return p
      ? { contextIsolation: p.contextIsolation, sandbox: p.sandbox, nodeIntegration: p.nodeIntegration, webSecurity: p.webSecurity, webviewTag: p.webviewTag }
      : null;
  });
  if (prefs !== null) expect(prefs).toEqual({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false });
  const globals = await launched.window.evaluate(() => {
    const g = globalThis as unknown as Record<string, unknown>;
    return { require: typeof g.require, process: typeof g.process, module: typeof g.module, bridge: Object.keys(g.showroom as object).sort() };
  });
  expect(globals).toEqual({ require: 'undefined', process: 'undefined', module: 'undefined', bridge: ['invoke', 'on'] });
});

test('the renderer is served by showroom-app: with a strict CSP header', async () => {
  expect(launched.window.url()).toMatch(/^showroom-app:\/\/app\//);
  const csp = await launched.app.evaluate(async ({ net }) => {
    const response = await net.fetch('showroom-app://app/index.html');
    return response.headers.get('content-security-policy');
  });
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("connect-src 'none'");
  expect(csp).not.toContain('unsafe-');
  // And it is enforced: the renderer cannot reach the network.
  const fetched = await launched.window.evaluate(() =>
    fetch('https://example.com/').then(
      () => 'fetched',
      () => 'blocked',
    ),
  );
  expect(fetched).toBe('blocked');
});

test('the window cannot navigate away from the app', async () => {
  const before = launched.window.url();
  for (const url of ['https://example.com/', 'file:///etc/passwd', 'data:text/html,<h1>x</h1>']) {
    await launched.window.evaluate((u) => {
      (globalThis as unknown as { location: { href: string } }).location.href = u;
    }, url);
    await launched.window.waitForTimeout(300);
    expect(launched.window.url()).toBe(before);
  }
});

test('window.open never opens a window; web links go to the system browser, nothing else does', async () => {
  await launched.app.evaluate(({ shell }) => {
    const opened: string[] = [];
    (globalThis as unknown as { __opened: string[] }).__opened = opened;
    shell.openExternal = async (url: string) => {
      opened.push(url);
    };
  });
  const results = await launched.window.evaluate(() => {
    const open = (globalThis as unknown as { open: (url: string) => unknown }).open;
    return ['https://portal.example/listing/1', 'javascript:alert(1)', 'file:///etc/passwd', 'ms-msdt:/id x'].map((u) => open(u) === null);
  });
  expect(results).toEqual([true, true, true, true]);
  await expect
    .poll(() => launched.app.evaluate(() => (globalThis as unknown as { __opened: string[] }).__opened))
    .toEqual(['https://portal.example/listing/1']);
  expect(await launched.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
});

test('every permission request is refused', async () => {
  const state = await launched.window.evaluate(async () => {
    const nav = (globalThis as unknown as { navigator: { permissions: { query(q: { name: string }): Promise<{ state: string }> } } }).navigator;
    return (await nav.permissions.query({ name: 'notifications' })).state;
  });
  expect(state).toBe('denied');
});

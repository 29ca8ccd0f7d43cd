// The browser shell end to end: the built renderer loads under its real CSP, window.showroom is
// the real bridge (contract channels only) over the shell's WebSocket, calls reach the main-side
// gate, events reach the page, and photos are answered by the photo protocol's handler on the
// shell's route.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEventHub } from '../../src/main/ipc/events';
import { silentLogger } from '../../src/main/base/logger';
import { photoUrl, PHOTO_ROUTE_BASE } from '../../src/shared/photo-url';
import { stubHandlers } from '../ipc/stub-handlers';
import { startTestShell } from './harness/shell';
import { expect, test } from './fixtures';

type Loose = { showroom: { invoke(c: unknown, i: unknown): Promise<unknown>; on(e: unknown, l: (p: unknown) => void): () => void } };

test('loads the built renderer with the real bridge and our CSP', async ({ app, shell, page }) => {
  const response = await page.request.get(`${shell.server.origin}/`);
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'none'");
  // The one address the renderer may connect to: its bridge socket.
  expect(csp).toContain(`connect-src ws://127.0.0.1:${shell.server.port}/bridge;`);
  await expect(page).toHaveTitle(/Showroom/);
  expect(await page.evaluate(() => Object.keys((globalThis as unknown as Loose).showroom).sort())).toEqual(['invoke', 'on', 'photoUrl']);
  await app.screen('first-screen');
});

test('calls cross the bridge to the gate and come back as Results', async ({ app, page }) => {
  const result = await page.evaluate(() => (globalThis as unknown as Loose).showroom.invoke('app.info', {}));
  expect(result).toMatchObject({ ok: true, value: { platform: process.platform } });
  const bad = await page.evaluate(() => (globalThis as unknown as Loose).showroom.invoke('vehicles.get', { reference: 42 }));
  expect(bad).toMatchObject({ ok: false, error: { kind: 'bad_input' } });
  const unknown = await page.evaluate(() =>
    (globalThis as unknown as Loose).showroom.invoke('fs.readFile', { path: '/etc/passwd' }).then(
      () => 'resolved',
      (e: unknown) => (e as Error).name,
    ),
  );
  expect(unknown).toBe('TypeError');
  expect(app.wired.calls).not.toContain('fs.readFile');
});

test('events from main reach the page through the bridge', async ({ app, page }) => {
  await page.evaluate(() => {
    const g = globalThis as unknown as Loose & { seen: unknown[] };
    g.seen = [];
    g.showroom.on('connectivity', (p) => g.seen.push(p));
  });
  app.hub.emit('connectivity', { online: false });
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as { seen: unknown[] }).seen)).toEqual([{ online: false }]);
});

test('the bridge cannot be replaced by the page', async ({ app, page }) => {
  expect(app.page).toBe(page);
  const replaced = await page.evaluate(() => {
    const g = globalThis as unknown as Record<string, unknown>;
    try {
      g.showroom = { invoke: () => 'hijacked' };
    } catch {
      /* strict mode */
    }
    return Object.keys(g.showroom as object).sort();
  });
  expect(replaced).toEqual(['invoke', 'on', 'photoUrl']);
});

test("photos: the shell's photo route serves cached photos by opaque id, traversal refused", async ({ page }, testInfo) => {
  const root = testInfo.outputPath('photos');
  mkdirSync(join(root, 'v1'), { recursive: true });
  // A 1×1 PNG.
  writeFileSync(
    join(root, 'v1', 'cover.png'),
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  );
  writeFileSync(testInfo.outputPath('outside.png'), 'not yours');
  const files: Record<string, { path: string; contentType: string }> = {
    cover: { path: 'v1/cover.png', contentType: 'image/png' },
    escape: { path: '../outside.png', contentType: 'image/png' },
  };
  const shell = await startTestShell({
    handlers: stubHandlers(),
    hub: createEventHub(),
    photos: () => ({ root, resolve: (id) => files[id] }),
    logger: silentLogger,
  });
  try {
    shell.observe(page);
    await shell.login(page);
    const urls = await page.evaluate(
      (ids) => ids.map((id) => (globalThis as unknown as { showroom: { photoUrl(id: string): string } }).showroom.photoUrl(id)),
      ['cover', 'escape', 'missing'],
    );
    expect(urls).toEqual(['cover', 'escape', 'missing'].map((id) => photoUrl(id, PHOTO_ROUTE_BASE)));
    const sizes = await page.evaluate(
      (srcs) =>
        Promise.all(
          srcs.map(
            (src) =>
              new Promise<number>((resolve) => {
                const img = new (
                  globalThis as unknown as { Image: new () => { src: string; naturalWidth: number; onload: () => void; onerror: () => void } }
                ).Image();
                img.onload = () => resolve(img.naturalWidth);
                img.onerror = () => resolve(-1);
                img.src = src;
              }),
          ),
        ),
      urls,
    );
    expect(sizes).toEqual([1, -1, -1]);
    expect(shell.log.photos.served).toEqual(['/photo/cover']);
    expect(shell.log.photos.refused).toEqual(['/photo/escape']);
  } finally {
    await shell.server.close();
  }
});

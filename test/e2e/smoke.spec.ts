// The harness itself: the built renderer loads under its real CSP, window.showroom is the real
// bridge (contract channels only), calls reach the main-side gate, events reach the page, and
// photos are answered by the app's protocol handler.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEventHub } from '../../src/main/ipc/events';
import { createGate } from '../../src/main/ipc/gate';
import { photoUrl } from '../../src/shared/contract';
import { stubHandlers } from '../ipc/stub-handlers';
import { wirePage } from './harness/app';
import { expect, test } from './fixtures';

type Loose = { showroom: { invoke(c: unknown, i: unknown): Promise<unknown>; on(e: unknown, l: (p: unknown) => void): () => void } };

test('loads the built renderer with the real bridge and our CSP', async ({ app, renderer, page }) => {
  const response = await page.request.get(renderer.appUrl);
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("connect-src 'none'");
  await expect(page).toHaveTitle(/Showroom/);
  expect(await page.evaluate(() => Object.keys((globalThis as unknown as Loose).showroom).sort())).toEqual(['invoke', 'on']);
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
      (e: Error) => e.name,
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
  expect(replaced).toEqual(['invoke', 'on']);
});

test('the gate refuses a page that is not the app', async ({ page, renderer }) => {
  const hub = createEventHub();
  const gate = createGate(stubHandlers(), { appUrl: renderer.appUrl });
  await wirePage(page, { gate, hub, photos: () => undefined });
  await page.goto('data:text/html,<title>not the app</title>');
  const result = await page.evaluate(() => (globalThis as unknown as Loose).showroom.invoke('app.info', {}));
  expect(result).toMatchObject({ ok: false, error: { detail: { reason: 'untrusted_sender' } } });
});

test('photos: showroom-photo URLs are served by the app protocol handler, traversal refused', async ({ page, renderer }, testInfo) => {
  const root = testInfo.outputPath('photos');
  mkdirSync(join(root, 'v1'), { recursive: true });
  // A 1×1 PNG.
  writeFileSync(join(root, 'v1', 'cover.png'), Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
  writeFileSync(testInfo.outputPath('outside.png'), 'not yours');
  const files: Record<string, { path: string; contentType: string }> = {
    cover: { path: 'v1/cover.png', contentType: 'image/png' },
    escape: { path: '../outside.png', contentType: 'image/png' },
  };
  const hub = createEventHub();
  const gate = createGate(stubHandlers(), { appUrl: renderer.appUrl });
  const wired = await wirePage(page, { gate, hub, photos: () => ({ root, resolve: (id) => files[id] }) });
  await page.goto(renderer.appUrl);
  const sizes = await page.evaluate(
    (urls) =>
      Promise.all(
        urls.map(
          (src) =>
            new Promise<number>((resolve) => {
              const img = new (globalThis as unknown as { Image: new () => { src: string; naturalWidth: number; onload: () => void; onerror: () => void } }).Image();
              img.onload = () => resolve(img.naturalWidth);
              img.onerror = () => resolve(-1);
              img.src = src;
            }),
        ),
      ),
    [photoUrl('cover'), photoUrl('escape'), photoUrl('missing')],
  );
  expect(sizes).toEqual([1, -1, -1]);
  expect(wired.photos.served).toEqual([photoUrl('cover')]);
  expect(wired.photos.refused).toEqual([photoUrl('escape')]);
});

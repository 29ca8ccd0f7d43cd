/* eslint-disable no-empty-pattern -- Playwright reads a fixture's dependencies from its destructured first argument; `{}` means none. */
// The showroom-photo: protocol in the real app: traversal and malformed URLs are refused. Serving
// a cached file needs photos in the cache, which only the real backend (after a demo sync) has.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

test('refuses traversal and anything that is not an opaque photo id', async () => {
  writeFileSync(join(launched.userData, 'secret.txt'), 'do not serve me');
  const statuses = await launched.app.evaluate(
    async ({ net }, urls) => Promise.all(urls.map(async (u) => (await net.fetch(u)).status)),
    [
      'showroom-photo://photo/..%2F..%2Fsecret.txt',
      'showroom-photo://photo/../../secret.txt',
      'showroom-photo://photo/%2e%2e%2fsecret.txt',
      'showroom-photo://other/abc',
      'showroom-photo://photo/',
    ],
  );
  for (const status of statuses) expect(status).toBe(404);
});

test('serves a cached photo after a demo sync', async () => {
  const width = await launched.window.evaluate(async () => {
    type R = { ok: boolean; value?: unknown };
    const g = globalThis as unknown as {
      showroom: { invoke(c: string, i: unknown): Promise<R> };
      Image: new () => { src: string; naturalWidth: number; onload: () => void; onerror: () => void };
    };
    await g.showroom.invoke('demo.start', {});
    await g.showroom.invoke('sync.start', { full: true });
    for (let i = 0; i < 240; i++) {
      const status = await g.showroom.invoke('sync.status', {});
      if (status.ok && (status.value as { running: unknown }).running === null) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const page = await g.showroom.invoke('inventory.query', { window: { offset: 0, limit: 50 } });
    const rows = (page.value as { rows: { coverPhotoId: string | null }[] } | undefined)?.rows ?? [];
    const id = rows.find((r) => r.coverPhotoId !== null)?.coverPhotoId;
    if (!id) return -2;
    return new Promise<number>((resolve) => {
      const img = new g.Image();
      img.onload = () => resolve(img.naturalWidth);
      img.onerror = () => resolve(-1);
      img.src = `showroom-photo://photo/${encodeURIComponent(id)}`;
    });
  });
  expect(width).toBeGreaterThan(0);
});

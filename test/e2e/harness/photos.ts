// Photos in e2e. Chromium (unlike Electron) has no `showroom-photo:` scheme, but Playwright's
// request interception sees requests for it, so the page keeps the app's exact photo URLs
// (`showroom-photo://photo/<id>`, under the renderer's real CSP) and every such request is
// answered by the app's own protocol handler (src/main/shell/photo-protocol.ts) with the
// backend's resolver and containment check. Only the transport differs from Electron.
import type { Page } from '@playwright/test';
import { createPhotoHandler, PHOTO_SCHEME, type PhotoResolver } from '../../../src/main/shell/photo-protocol';

export interface PhotoSource {
  /** The photo cache folder. */
  root: string;
  resolve: PhotoResolver;
}

export interface PhotoLog {
  served: string[];
  refused: string[];
}

export async function routePhotos(page: Page, source: () => PhotoSource | undefined): Promise<PhotoLog> {
  const log: PhotoLog = { served: [], refused: [] };
  await page.route(`${PHOTO_SCHEME}://**`, async (route) => {
    const url = route.request().url();
    const current = source();
    if (!current) {
      log.refused.push(url);
      await route.fulfill({ status: 404, body: '' });
      return;
    }
    const handler = createPhotoHandler({ ...current, onRefused: () => log.refused.push(url) });
    const response = await handler(new Request(url, { method: route.request().method() }));
    if (response.ok) log.served.push(url);
    await route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    });
  });
  return log;
}

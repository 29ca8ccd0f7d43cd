import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PhotoFile } from '../../src/main/photos';
import { createPhotoHandler, parsePhotoUrl } from '../../src/main/shell/photo-protocol';
import { photoUrl } from '../../src/shared/contract';

let base: string;
let root: string;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'showroom-photos-')));
  root = join(base, 'photos');
  mkdirSync(join(root, 'a1'), { recursive: true });
  writeFileSync(join(root, 'a1', 'cover.jpg'), JPEG);
  writeFileSync(join(base, 'showroom.sqlite'), 'SQLite format 3');
  symlinkSync(join(base, 'showroom.sqlite'), join(root, 'sneaky.jpg'));
});

function handler(files: Record<string, PhotoFile>, onRefused = vi.fn()) {
  return { handle: createPhotoHandler({ root, resolve: (id) => files[id], onRefused }), onRefused };
}

describe('parsePhotoUrl', () => {
  it('reads the opaque id from our URLs only', () => {
    expect(parsePhotoUrl(photoUrl('abc-123'))).toBe('abc-123');
    expect(parsePhotoUrl('showroom-photo://photo/abc?v=2')).toBe('abc');
    for (const url of [
      'https://photo/abc',
      'showroom-photo://other/abc',
      'showroom-photo://photo/',
      'showroom-photo://photo/a/b',
      'showroom-photo://photo/%00x',
      'showroom-photo://photo/%E0%A4%A',
    ]) {
      expect(parsePhotoUrl(url), url).toBeUndefined();
    }
  });
});

describe('photo protocol handler', () => {
  it('serves a cached photo with its type and length', async () => {
    const { handle } = handler({ p1: { path: 'a1/cover.jpg', contentType: 'image/jpeg' } });
    const res = await handle(new Request(photoUrl('p1')));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-length')).toBe(String(JPEG.byteLength));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(JPEG);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const { handle } = handler({ p1: { path: 'a1/cover.jpg', contentType: 'image/jpeg' } });
    const head = await handle(new Request(photoUrl('p1'), { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    expect((await handle(new Request(photoUrl('p1'), { method: 'POST', body: 'x' }))).status).toBe(405);
  });

  it('404s an unknown id, and a resolver that throws', async () => {
    const { handle } = handler({});
    expect((await handle(new Request(photoUrl('nope')))).status).toBe(404);
    const throwing = createPhotoHandler({
      root,
      resolve: () => {
        throw new Error('db closed');
      },
    });
    expect((await throwing(new Request(photoUrl('p1')))).status).toBe(404);
  });

  it('refuses paths outside the cache folder, whatever the resolver says', async () => {
    const { handle, onRefused } = handler({
      up: { path: '../showroom.sqlite', contentType: 'image/jpeg' },
      abs: { path: join(base, 'showroom.sqlite'), contentType: 'image/jpeg' },
      link: { path: 'sneaky.jpg', contentType: 'image/jpeg' },
      enc: { path: '..%2fshowroom.sqlite', contentType: 'image/jpeg' },
      nul: { path: 'a1/cover.jpg\0', contentType: 'image/jpeg' },
    });
    for (const id of ['up', 'abs', 'link', 'enc', 'nul']) {
      const res = await handle(new Request(photoUrl(id)));
      expect(res.status, id).toBe(404);
      expect((await res.arrayBuffer()).byteLength).toBe(0);
    }
    expect(onRefused).toHaveBeenCalledTimes(5);
  });

  it('refuses traversal in the URL itself', async () => {
    const { handle } = handler({ p1: { path: 'a1/cover.jpg', contentType: 'image/jpeg' } });
    for (const url of [
      'showroom-photo://photo/../showroom.sqlite',
      'showroom-photo://photo/..%2Fshowroom.sqlite',
      'showroom-photo://photo/%2e%2e%2fshowroom.sqlite',
    ]) {
      expect((await handle(new Request(url))).status, url).toBe(404);
    }
  });

  it('serves images only (never HTML or script from the cache)', async () => {
    writeFileSync(join(root, 'a1', 'page.html'), '<script>alert(1)</script>');
    const { handle } = handler({ h: { path: 'a1/page.html', contentType: 'text/html' } });
    expect((await handle(new Request(photoUrl('h')))).status).toBe(404);
  });
});

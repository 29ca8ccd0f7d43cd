import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholderJpeg, startSandbox, type Sandbox } from '../../src/sandbox';
import { decodeJpegStructure } from './helpers';

const CHROMIUM = ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

describe('photo host', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox({ vehicles: 20, seed: 3, rateLimit: { limit: 2 } });
  });
  afterAll(() => sb.close());

  it('serves every picture source as a valid, distinct JPEG without auth or rate limit', async () => {
    const sources = sb.data.list().flatMap((v) => v.pictures.map((p) => p.source));
    expect(sources.length).toBeGreaterThan(20);
    const seen = new Set<string>();
    for (const source of sources.slice(0, 40)) {
      const res = await fetch(source);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
      expect([bytes[bytes.length - 2], bytes[bytes.length - 1]]).toEqual([0xff, 0xd9]);
      expect(decodeJpegStructure(bytes)).toEqual({ width: 64, height: 48, blocks: 48 });
      const key = Buffer.from(bytes).toString('base64');
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
    expect(sb.stats.snapshot().photos).toBeGreaterThanOrEqual(40);
    expect(sb.stats.rateLimited).toBe(0);
  });

  it('gives the same bytes for the same id and different bytes for different ids', () => {
    expect(placeholderJpeg('a').equals(placeholderJpeg('a'))).toBe(true);
    expect(placeholderJpeg('a').equals(placeholderJpeg('b'))).toBe(false);
    for (const id of ['x', 'y-1', 'long-id-with-many-characters-0123456789']) decodeJpegStructure(placeholderJpeg(id));
  });

  it('answers 404 for a malformed photo path', async () => {
    expect((await fetch(`${sb.origin}/photos/..%2Fsecret`)).status).toBe(404);
    expect((await fetch(`${sb.origin}/photos/abc.png`)).status).toBe(404);
  });

  it('can serve a non-image content type, an oversized JPEG, or an error status', async () => {
    const source = sb.data.list()[0]?.pictures[0]?.source ?? '';
    sb.faults.set({ photos: { notAnImage: true } });
    let res = await fetch(source);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    await res.text();

    sb.faults.set({ photos: { oversizeBytes: 3_000_000 } });
    res = await fetch(source);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const big = new Uint8Array(await res.arrayBuffer());
    expect(big.length).toBeGreaterThanOrEqual(2_999_990);
    expect(big.length).toBeLessThanOrEqual(3_000_000);
    expect(decodeJpegStructure(big).width).toBe(64);

    sb.faults.set({ photos: { status: 500 } });
    res = await fetch(source);
    expect(res.status).toBe(500);
    await res.text();

    sb.faults.clear();
    res = await fetch(source);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    await res.arrayBuffer();
  });

  it("serves listing pages at the vehicles' urls", async () => {
    const url = sb.data.list().find((v) => v.url)?.url ?? '';
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('Anúncio');
  });

  // Only where a Chromium binary is installed: proves the browser itself decodes the bytes.
  it.skipIf(!CHROMIUM)(
    'decodes in Chromium to a 64×48 image coloured from the photo id',
    async () => {
      const ids = ['a', 'b-1', 'zzz'];
      const imgs = ids.map((id) => `<img id="${id}" src="data:image/jpeg;base64,${placeholderJpeg(id).toString('base64')}">`).join('');
      const script = `window.onload=()=>{const c=document.createElement('canvas').getContext('2d');const out=[];for(const img of document.images){c.drawImage(img,0,0);const p=c.getImageData(20,38,1,1).data;out.push([img.id,img.naturalWidth,img.naturalHeight,p[0],p[1],p[2]].join(','));}document.body.dataset.result=out.join(';');}`;
      const dir = mkdtempSync(join(tmpdir(), 'sandbox-jpeg-'));
      try {
        const file = join(dir, 'page.html');
        writeFileSync(file, `<html><body>${imgs}<script>${script}</script></body></html>`);
        const dom = await new Promise<string>((resolve, reject) =>
          execFile(CHROMIUM ?? '', ['--headless', '--no-sandbox', '--disable-gpu', '--dump-dom', `file://${file}`], { timeout: 25_000 }, (error, stdout) => {
            // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- ExecFileException is an Error (an Omit<> type the rule does not recognise)
            if (error) reject(error);
            else resolve(stdout);
          }),
        );
        const result = /data-result="([^"]*)"/.exec(dom)?.[1] ?? '';
        const rows = result.split(';').map((r) => r.split(','));
        expect(rows.map((r) => r.slice(0, 3))).toEqual(ids.map((id) => [id, '64', '48']));
        // The "vehicle" box has the colour of the id's hash: distinct per picture.
        expect(new Set(rows.map((r) => r.slice(3).join(','))).size).toBe(3);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    30_000,
  );
});

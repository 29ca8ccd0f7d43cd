// The photo host's studio style: believable listing photos of each listing's vehicle, large,
// deterministic per photo, cached; the tiny placeholders stay the default and the fallback.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type PortalVehicle, type Sandbox } from '../../src/sandbox';
import { StudioPhotos } from '../../src/sandbox/studio-photos';
import { decodeJpegStructure } from './helpers';

async function fetchBytes(url: string): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/jpeg');
  return Buffer.from(await res.arrayBuffer());
}

/** Share of the picture's pixels within `tolerance` of `rgb`, on a 128×96 thumbnail. */
async function shareOfColour(jpeg: Buffer, rgb: [number, number, number], tolerance: number): Promise<number> {
  const { data, info } = await sharp(jpeg).resize(128, 96).raw().toBuffer({ resolveWithObject: true });
  let near = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const d = Math.abs((data[i] ?? 0) - rgb[0]) + Math.abs((data[i + 1] ?? 0) - rgb[1]) + Math.abs((data[i + 2] ?? 0) - rgb[2]);
    if (d <= tolerance) near++;
  }
  return near / (info.width * info.height);
}

describe('studio photos', () => {
  let sb: Sandbox;
  let red: PortalVehicle;
  beforeAll(async () => {
    sb = await startSandbox({ vehicles: 30, seed: 5, photos: 'studio' });
    const first = sb.data.list()[0];
    if (!first) throw new Error('no stock');
    // A red car and a red motorcycle, whatever the seed picked.
    red = sb.data.upsert({ reference: first.reference, color: 'RED' }, { urlReady: true });
  });
  afterAll(() => sb.close());

  it("serves a large JPEG of the listing's vehicle in its colour, the same bytes each time", async () => {
    const side = red.pictures.find((p) => p.order === 2) ?? red.pictures[0];
    if (!side) throw new Error('no picture');
    const bytes = await fetchBytes(side.source);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeGreaterThanOrEqual(1024);
    expect(meta.height).toBeGreaterThanOrEqual(768);
    // The body is painted in the listing's colour (PAINT.RED), not in a colour hashed from the id.
    expect(await shareOfColour(bytes, [179, 23, 28], 90)).toBeGreaterThan(0.03);
    expect((await fetchBytes(side.source)).equals(bytes)).toBe(true);
  });

  it('gives each photo of a listing its own picture (another angle)', async () => {
    const sources = red.pictures.slice(0, 3).map((p) => p.source);
    const all = await Promise.all(sources.map(fetchBytes));
    expect(new Set(all.map((b) => b.toString('base64'))).size).toBe(all.length);
  });

  it('serves the tiny placeholder for an id that is no listing photo, and after switching back', async () => {
    expect(decodeJpegStructure(await fetchBytes(`${sb.origin}/photos/not-a-listing-photo.jpg`)).width).toBe(64);
    sb.photos.set('tiny');
    try {
      expect(decodeJpegStructure(await fetchBytes(red.pictures[0]?.source ?? '')).width).toBe(64);
    } finally {
      sb.photos.set('studio');
    }
  });

  it('renders nothing when sharp cannot be loaded, so the host falls back to the placeholder', async () => {
    const photos = new StudioPhotos(() => Promise.resolve(undefined));
    expect(await photos.render({ id: 'x', body: 'sedan', color: 'RED', position: 1 })).toBeUndefined();
  });
});

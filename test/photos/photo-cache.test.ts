// The photo cache against real HTTP: the sandbox's photo host (real JPEGs), and tiny servers for
// what it cannot serve. Real cache file, real photo folder.
import { existsSync, readdirSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/errors';
import { placeholderJpeg, startSandbox, type PortalVehicle, type Sandbox } from '../../src/sandbox/index';
import { fixture, heldProxy, seed, sha256Files, slowProxy, tinyServer, withPhotoOrigin, type Fixture, type TinyServer } from './helpers';
import { sqlOf } from '../cache/helpers';

let sb: Sandbox;
let fx: Fixture | undefined;
const servers: TinyServer[] = [];

beforeEach(async () => {
  sb = await startSandbox({ vehicles: 8, seed: 7 });
});
afterEach(async () => {
  fx?.close();
  fx = undefined;
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await sb.close();
});

const photoRequests = () => sb.stats.count('GET /photos/:file');
const photoIdOf = (source: string) => /\/photos\/([^/?]+)\.jpg/.exec(source)?.[1] ?? '';
const storedFiles = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true })
        .map(String)
        .map((f) => f.split('\\').join('/'))
    : [];
const coverOf = (v: PortalVehicle) => [...v.pictures].sort((a, b) => a.order - b.order)[0]!.source;
const allPictures = (vs: PortalVehicle[]) => vs.flatMap((v) => v.pictures.map((p) => p.source));

describe('syncPhotos', () => {
  it('downloads the cover of every vehicle, then every picture when asked, content-addressed', async () => {
    fx = fixture();
    const vehicles = sb.data.list();
    seed(fx.cache, vehicles);

    const covers = await fx.photos.syncPhotos({ scope: 'covers' });
    expect(covers).toMatchObject({ done: vehicles.length, failed: 0, total: vehicles.length, cached: 0 });
    expect(photoRequests()).toBe(vehicles.length);
    const afterCovers = sha256Files(storedFiles(fx.dir));
    expect(afterCovers).toHaveLength(vehicles.length);
    expect(storedFiles(fx.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    // The cover is the lowest order; the other pictures are not fetched in 'covers' mode.
    for (const v of vehicles) {
      const status = fx.photos.statusFor([coverOf(v)]).get(coverOf(v))!;
      expect(status.cache).toBe('cached');
      const file = fx.photos.resolve(status.photoId)!;
      expect(file.contentType).toBe('image/jpeg');
      expect(file.path).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{64}\.jpg$/);
      expect(readFileSync(file.absolutePath)).toEqual(placeholderJpeg(photoIdOf(coverOf(v))));
    }
    const other = allPictures(vehicles).find((s) => !vehicles.some((v) => coverOf(v) === s))!;
    expect(fx.photos.statusFor([other]).get(other)!.cache).toBe('not_cached');

    const progress: Array<[number, number]> = [];
    const all = await fx.photos.syncPhotos({ scope: 'all', onProgress: (d, t) => progress.push([d, t]) });
    const every = allPictures(vehicles);
    expect(all).toMatchObject({ done: every.length - vehicles.length, failed: 0, total: every.length - vehicles.length, cached: vehicles.length });
    expect(progress.at(-1)).toEqual([all.total, all.total]);
    expect(sha256Files(storedFiles(fx.dir))).toHaveLength(every.length);
    expect(fx.photos.usage().files).toBe(every.length);
    for (const [, s] of fx.photos.statusFor(every)) expect(s.cache).toBe('cached');

    // Nothing left to do: a second pass downloads nothing.
    const requests = photoRequests();
    expect(await fx.photos.syncPhotos({ scope: 'all' })).toMatchObject({ done: 0, total: 0, cached: every.length });
    expect(photoRequests()).toBe(requests);
  });

  it('never has more downloads in flight than its concurrency', async () => {
    const proxy = await slowProxy(sb.origin, 60);
    servers.push(proxy);
    fx = fixture({ concurrency: 3 });
    seed(fx.cache, withPhotoOrigin(sb.data.list(), sb.origin, proxy.origin));
    const result = await fx.photos.syncPhotos({ scope: 'all' });
    expect(result.failed).toBe(0);
    expect(result.done).toBeGreaterThan(10);
    expect(proxy.requests).toBe(result.done);
    expect(proxy.maxActive).toBe(3);
  });

  it('stays within the budget, evicting the least recently shown files first', async () => {
    fx = fixture();
    const vehicles = sb.data.list().slice(0, 5);
    seed(fx.cache, vehicles);
    await fx.photos.syncPhotos({ scope: 'covers' });
    const ids = vehicles.map((v) => fx!.photos.photoIdFor(coverOf(v), v.reference));
    const size = (i: number): number => readFileSync(fx!.photos.resolve(ids[i]!)!.absolutePath).length;
    const sizes = ids.map((_, i) => size(i));
    // Shown in this order: 2, 0, 4, 1, 3 → 2 is the least recently used.
    for (const i of [2, 0, 4, 1, 3]) {
      fx.clock.advance(1_000);
      expect(fx.photos.resolve(ids[i]!)).toBeDefined();
    }
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(fx.photos.usage()).toMatchObject({ bytes: total, files: 5 });

    fx.photos.setBudget(total - 1);
    expect(fx.photos.resolve(ids[2]!)).toBeUndefined();
    expect(fx.photos.usage().files).toBe(4);

    fx.photos.setBudget(sizes[1]! + sizes[3]!);
    const cachedNow = ids.map((id) => fx!.photos.resolve(id) !== undefined);
    expect(cachedNow).toEqual([false, true, false, true, false]);
    expect(fx.photos.usage()).toMatchObject({ bytes: sizes[1]! + sizes[3]!, files: 2, budgetBytes: sizes[1]! + sizes[3]! });
    expect(sha256Files(storedFiles(fx.dir))).toHaveLength(2);
    expect(fx.photos.statusFor([coverOf(vehicles[0]!)]).get(coverOf(vehicles[0]!))!.cache).toBe('not_cached');

    // A sync brings evicted photos back only when there is room for them.
    expect(await fx.photos.syncPhotos({ scope: 'covers' })).toMatchObject({ done: 0, skipped: 3, cached: 2 });
    fx.photos.setBudget(total);
    expect(await fx.photos.syncPhotos({ scope: 'covers' })).toMatchObject({ done: 3, skipped: 0 });
    expect(fx.photos.usage().files).toBe(5);
  });

  it('stops downloading when the budget is full of the pass’s own photos', async () => {
    fx = fixture({ concurrency: 1 });
    const vehicles = sb.data.list();
    seed(fx.cache, vehicles);
    const oneFile = placeholderJpeg(photoIdOf(coverOf(vehicles[0]!))).length;
    fx.photos.setBudget(Math.floor(oneFile * 2.5));
    const result = await fx.photos.syncPhotos({ scope: 'covers' });
    expect(result.skipped).toBeGreaterThan(0);
    expect(result.done + result.skipped).toBe(vehicles.length);
    expect(fx.photos.usage().bytes).toBeLessThanOrEqual(Math.floor(oneFile * 2.5));
    expect(fx.photos.usage().files).toBe(2);
    expect(photoRequests()).toBeLessThan(vehicles.length);
  });

  it('refuses a photo host answer that is not an image, and stops retrying it after a few syncs', async () => {
    fx = fixture();
    const vehicles = sb.data.list().slice(0, 3);
    seed(fx.cache, vehicles);
    sb.faults.set({ photos: { notAnImage: true } });
    const result = await fx.photos.syncPhotos({ scope: 'covers' });
    expect(result).toMatchObject({ done: 0, failed: 3 });
    const status = fx.photos.statusFor([coverOf(vehicles[0]!)]).get(coverOf(vehicles[0]!))!;
    expect(status).toMatchObject({ cache: 'failed' });
    expect(status.error).toContain('not a picture (text/html)');
    expect(storedFiles(fx.dir)).toEqual([]);
    expect(fx.photos.resolve(status.photoId)).toBeUndefined();

    await fx.photos.syncPhotos({ scope: 'covers' });
    await fx.photos.syncPhotos({ scope: 'covers' });
    expect(await fx.photos.syncPhotos({ scope: 'covers' })).toMatchObject({ total: 0 });

    // Opening the vehicle online tries again whatever happened before.
    sb.faults.clear();
    await fx.photos.ensureVehiclePhotos(vehicles[0]!.reference);
    expect(fx.photos.statusFor([coverOf(vehicles[0]!)]).get(coverOf(vehicles[0]!))!.cache).toBe('cached');
  });

  it('refuses a photo over the size cap, announced or streamed', async () => {
    fx = fixture({ maxPhotoBytes: 100_000 });
    const [vehicle] = sb.data.list();
    seed(fx.cache, [vehicle]);
    sb.faults.set({ photos: { oversizeBytes: 150_000 } });
    expect(await fx.photos.syncPhotos({ scope: 'covers' })).toMatchObject({ failed: 1 });
    expect(fx.photos.statusFor([coverOf(vehicle!)]).get(coverOf(vehicle!))!.error).toMatch(/too large.*0\.1 MB limit/);

    // No Content-Length: the cap is enforced while reading, and the rest is never read.
    let written = 0;
    const endless = await tinyServer(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(32_768, 0x20);
      placeholderJpeg('x').copy(chunk);
      for (let i = 0; i < 200 && !res.destroyed; i++) {
        await new Promise<void>((r) => res.write(chunk, () => r()));
        written += chunk.length;
      }
      res.end();
    });
    servers.push(endless);
    seed(fx.cache, [{ ...vehicle!, reference: 'STREAMED', pictures: [{ order: 1, originalUrl: 'x', source: `${endless.origin}/big.jpg` }] }]);
    sb.faults.clear();
    expect(await fx.photos.syncPhotos({ scope: 'covers' })).toMatchObject({ done: 1, failed: 1 });
    expect(fx.photos.statusFor([`${endless.origin}/big.jpg`]).get(`${endless.origin}/big.jpg`)!.error).toMatch(/too large/);
    expect(written).toBeLessThan(200 * 32_768);
    expect(sha256Files(storedFiles(fx.dir))).toHaveLength(1);
  });

  it('checks that the bytes are the image type the host claims', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const liar = await tinyServer((req, res) => {
      const body = req.url === '/png-as-jpeg.jpg' ? png : Buffer.from('<html>not a photo</html>');
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length });
      res.end(body);
    });
    servers.push(liar);
    fx = fixture();
    const [vehicle] = sb.data.list();
    const pictures = [
      { order: 1, originalUrl: 'a', source: `${liar.origin}/png-as-jpeg.jpg` },
      { order: 2, originalUrl: 'b', source: `${liar.origin}/html-as-jpeg.jpg` },
    ];
    seed(fx.cache, [{ ...vehicle!, pictures }]);
    expect(await fx.photos.syncPhotos({ scope: 'all' })).toMatchObject({ done: 0, failed: 2 });
    const status = fx.photos.statusFor(pictures.map((p) => p.source));
    expect(status.get(pictures[0]!.source)!.error).toBe('The file is not a valid JPEG picture (its contents are a PNG file).');
    expect(status.get(pictures[1]!.source)!.error).toBe('The file is not a valid JPEG picture (its contents are not an image).');
  });

  it('stores identical bytes once, and keeps a shared file while another photo uses it', async () => {
    fx = fixture();
    const [a, b] = sb.data.list();
    const source = coverOf(a!);
    const copy = `${source}?copy=1`; // another address, the same bytes
    seed(fx.cache, [a, { ...b!, pictures: [{ order: 1, originalUrl: 'x', source: copy }] }]);
    expect(await fx.photos.syncPhotos({ scope: 'covers' })).toMatchObject({ done: 2 });
    const ids = fx.photos.statusFor([source, copy]);
    const one = fx.photos.resolve(ids.get(source)!.photoId)!;
    const two = fx.photos.resolve(ids.get(copy)!.photoId)!;
    expect(one.path).toBe(two.path);
    expect(ids.get(source)!.photoId).not.toBe(ids.get(copy)!.photoId);
    expect(fx.photos.usage()).toMatchObject({ files: 1, bytes: readFileSync(one.absolutePath).length });

    // b leaves the portal: its photo row goes, the file stays for a.
    fx.cache.vehicles.remove(b!.reference);
    await fx.photos.syncPhotos({ scope: 'covers' });
    expect(fx.photos.resolve(ids.get(copy)!.photoId)).toBeUndefined();
    expect(fx.photos.resolve(ids.get(source)!.photoId)).toBeDefined();
    expect(existsSync(one.absolutePath)).toBe(true);
  });
});

describe('resolve', () => {
  it('refuses unknown ids, malformed ids and files outside the photo folder', async () => {
    fx = fixture();
    const vehicles = sb.data.list().slice(0, 3);
    seed(fx.cache, vehicles);
    await fx.photos.syncPhotos({ scope: 'covers' });
    const [id0, id1, id2] = vehicles.map((v) => fx!.photos.photoIdFor(coverOf(v), v.reference));
    expect(fx.photos.resolve(id0!)).toBeDefined();

    for (const bad of ['999999', '0', '-1', '1.0', '01', ' 1', '../1', '1/../2', '', 'abc', '1e3', '9'.repeat(40)])
      expect(fx.photos.resolve(bad)).toBeUndefined();

    const setPath = (id: string, path: string) => sqlOf(fx!.cache).prepare('UPDATE photos SET file_path = ? WHERE id = ?').run(path, Number(id));
    setPath(id0!, '../../etc/passwd');
    expect(fx.photos.resolve(id0!)).toBeUndefined();
    setPath(id0!, '/etc/passwd');
    expect(fx.photos.resolve(id0!)).toBeUndefined();
    setPath(id0!, 'ab\\..\\..\\x.jpg');
    expect(fx.photos.resolve(id0!)).toBeUndefined();

    // A symlink inside the folder that points outside it.
    const outside = join(fx.root, 'secret.jpg');
    writeFileSync(outside, placeholderJpeg('secret'));
    symlinkSync(outside, join(fx.dir, 'link.jpg'));
    setPath(id1!, 'link.jpg');
    expect(fx.photos.resolve(id1!)).toBeUndefined();

    // A file deleted behind the cache's back: unknown again, and downloaded at the next sync.
    const file = fx.photos.resolve(id2!)!;
    unlinkSync(file.absolutePath);
    expect(fx.photos.resolve(id2!)).toBeUndefined();
    expect(fx.photos.statusFor([coverOf(vehicles[2]!)]).get(coverOf(vehicles[2]!))!.cache).toBe('not_cached');
    expect(await fx.photos.syncPhotos({ scope: 'covers' })).toMatchObject({ done: 1 });
    expect(fx.photos.resolve(id2!)).toBeDefined();
  });
});

describe('offline, cancel, on demand, clear', () => {
  it('records every photo as failed when the host is gone; cached photos still resolve', async () => {
    let asked = 0;
    const counting: typeof fetch = (input, init) => {
      asked++;
      return fetch(input, init);
    };
    fx = fixture({ fetch: counting, concurrency: 2 });
    const vehicles = sb.data.list();
    seed(fx.cache, vehicles);
    await fx.photos.syncPhotos({ scope: 'covers' });
    await sb.close();

    // Gone is gone: after a couple of refused connections the sync stops asking that host
    // instead of trying (and perhaps timing out on) every photo.
    asked = 0;
    const result = await fx.photos.syncPhotos({ scope: 'all' });
    expect(result).toMatchObject({ done: 0, failed: result.total });
    expect(asked).toBeGreaterThan(0);
    expect(asked).toBeLessThan(result.total / 2);
    expect(result.total).toBeGreaterThan(vehicles.length);
    const others = allPictures(vehicles).filter((s) => !vehicles.some((v) => coverOf(v) === s));
    for (const [, s] of fx.photos.statusFor(others)) {
      expect(s.cache).toBe('failed');
      expect(s.error).toMatch(/could not be reached/);
    }
    for (const v of vehicles) expect(fx.photos.resolve(fx.photos.photoIdFor(coverOf(v), v.reference))).toBeDefined();
    // Offline does not use up the attempts: the next sync tries again.
    expect(fx.cache.photos.bySource(others[0]!)!.attempts).toBe(0);
  });

  it('cancels cleanly: the sync rejects as cancelled, asks for nothing more and leaves no partial files', async () => {
    const proxy = await heldProxy(sb.origin);
    servers.push(proxy);
    fx = fixture({ concurrency: 2 });
    seed(fx.cache, withPhotoOrigin(sb.data.list(), sb.origin, proxy.origin));
    const controller = new AbortController();
    const sync = fx.photos.syncPhotos({ scope: 'all', signal: controller.signal }).catch((e: unknown) => e);
    // Both downloads the concurrency allows are in flight when the dealer cancels.
    await proxy.whenHeld(2);
    controller.abort();
    const error = await sync;
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe('cancelled');
    expect(storedFiles(fx.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(proxy.requests).toBe(2);
  });

  it('downloads one vehicle’s photos on demand, ahead of a running sync', async () => {
    const lastOf = (list: readonly PortalVehicle[]) => list.at(-1)!;
    const lastPaths = new Set(lastOf(sb.data.list()).pictures.map((p) => new URL(p.source).pathname));
    // The backlog's downloads wait at the proxy; the vehicle the dealer opens passes.
    const proxy = await heldProxy(sb.origin, (path) => lastPaths.has(path));
    servers.push(proxy);
    fx = fixture({ concurrency: 2 });
    const vehicles = withPhotoOrigin(sb.data.list(), sb.origin, proxy.origin);
    seed(fx.cache, vehicles);
    const last = lastOf(vehicles);
    const sync = fx.photos.syncPhotos({ scope: 'all' });
    await proxy.whenHeld(2);
    const opened = fx.photos.ensureVehiclePhotos(last.reference);
    // The two backlog downloads in flight finish; the opened vehicle's photos take the next slots.
    proxy.releaseHeld();
    await opened;
    const statuses = fx.photos.statusFor(last.pictures.map((p) => p.source));
    for (const [, s] of statuses) expect(s.cache).toBe('cached');
    // The sync is still busy with the backlog when the vehicle's photos are in.
    expect(fx.photos.usage().files).toBeLessThan(allPictures(vehicles).length);
    proxy.release();
    await sync;
    await fx.photos.ensureVehiclePhotos('NO-SUCH-REFERENCE');
  });

  it('clear deletes the files and resets the bookkeeping', async () => {
    fx = fixture();
    const vehicles = sb.data.list().slice(0, 3);
    seed(fx.cache, vehicles);
    await fx.photos.syncPhotos({ scope: 'covers' });
    const id = fx.photos.photoIdFor(coverOf(vehicles[0]!), vehicles[0]!.reference);
    expect(fx.photos.resolve(id)).toBeDefined();
    await fx.photos.clear();
    expect(storedFiles(fx.dir)).toEqual([]);
    expect(fx.photos.usage()).toMatchObject({ bytes: 0, files: 0 });
    expect(fx.photos.resolve(id)).toBeUndefined();
    expect(fx.photos.statusFor([coverOf(vehicles[0]!)]).get(coverOf(vehicles[0]!))).toMatchObject({ photoId: id, cache: 'not_cached' });
    expect(await fx.photos.syncPhotos({ scope: 'covers' })).toMatchObject({ done: 3 });
    expect(fx.photos.resolve(id)).toBeDefined();
  });
});

describe('where photos come from', () => {
  it('an account whose portal is not on loopback never downloads from loopback: each photo fails for good, with the reason', async () => {
    fx = fixture({ portalBaseUrl: 'https://api.portal.example.com/integration/v2' });
    const vehicles = sb.data.list();
    seed(fx.cache, vehicles);
    const result = await fx.photos.syncPhotos({ scope: 'covers' });
    expect(result).toMatchObject({ done: 0, failed: vehicles.length });
    expect(photoRequests()).toBe(0);
    const status = fx.photos.statusFor([coverOf(vehicles[0]!)]).get(coverOf(vehicles[0]!))!;
    expect(status.cache).toBe('failed');
    expect(status.error).toMatch(/loopback/);
    // A definite refusal: the next syncs stop asking after MAX_ATTEMPTS, rather than 'offline?' forever.
    expect(status.error).not.toMatch(/offline/);
  });
});

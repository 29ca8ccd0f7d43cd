// Photo cache test helpers: a real cache file and photo folder in a temp dir, vehicles taken
// from a real sandbox, and tiny real HTTP servers for what the sandbox cannot serve.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCache, receiveVehicle, type Cache } from '../../src/main/cache/index';
import { createPhotoCache, type PhotoCache, type PhotoCacheOptions } from '../../src/main/photos/index';
import type { PortalVehicle } from '../../src/sandbox/index';

export interface Fixture {
  root: string;
  dir: string;
  cache: Cache;
  photos: PhotoCache;
  /** The LRU clock (ms), moved by hand. */
  clock: { now: number; advance(ms: number): void };
  close(): void;
}

export function fixture(options: Partial<PhotoCacheOptions> = {}): Fixture {
  const root = mkdtempSync(join(tmpdir(), 'showroom-photos-'));
  const cache = openCache(join(root, 'cache.sqlite'));
  const dir = join(root, 'photos');
  const clock = {
    now: Date.parse('2025-03-01T12:00:00.000Z'),
    advance(ms: number) {
      this.now += ms;
    },
  };
  // The portal of these tests is on loopback like the sandbox, so loopback photo hosts are allowed (address-policy.ts).
  const photos = createPhotoCache({
    cache,
    dir,
    budgetBytes: 1 << 30,
    now: () => clock.now,
    timeoutMs: 5_000,
    portalBaseUrl: 'http://127.0.0.1/integration/v2',
    ...options,
  });
  return {
    root,
    dir,
    cache,
    photos,
    clock,
    close() {
      cache.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Puts vehicles in the cache as a sync would (pictures as the portal sent them). */
export function seed(cache: Cache, vehicles: readonly unknown[]): void {
  cache.vehicles.upsertMany(vehicles.map((v) => receiveVehicle(v)));
}

/** The same vehicles with their picture sources moved to another origin (a proxy in front of the sandbox). */
export function withPhotoOrigin(vehicles: readonly PortalVehicle[], from: string, to: string): PortalVehicle[] {
  return vehicles.map((v) => ({ ...v, pictures: v.pictures.map((p) => ({ ...p, source: p.source.replace(from, to) })) }));
}

export interface TinyServer {
  origin: string;
  /** Requests being answered right now, and the most at once. */
  readonly active: number;
  readonly maxActive: number;
  readonly requests: number;
  close(): Promise<void>;
}

export async function tinyServer(handler: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>): Promise<TinyServer> {
  let active = 0;
  let maxActive = 0;
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    active++;
    maxActive = Math.max(maxActive, active);
    res.on('close', () => active--);
    Promise.resolve(handler(req, res)).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    get active() {
      return active;
    },
    get maxActive() {
      return maxActive;
    },
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A proxy to the sandbox's photo host that holds every answer `delayMs` (the sandbox has no photo latency switch). */
export function slowProxy(target: string, delayMs: number): Promise<TinyServer> {
  return tinyServer(async (req, res) => {
    await new Promise((r) => setTimeout(r, delayMs));
    const upstream = await fetch(target + (req.url ?? '/'));
    const body = Buffer.from(await upstream.arrayBuffer());
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream', 'content-length': body.length });
    res.end(body);
  });
}

export interface HeldProxy extends TinyServer {
  /** Requests waiting for release now. */
  readonly held: number;
  /** Resolves once `count` requests wait at the same time. */
  whenHeld(count: number): Promise<void>;
  /** Lets the requests waiting now through; later ones are held again. */
  releaseHeld(): void;
  /** Lets everything through, now and from now on. */
  release(): void;
}

/**
 * A proxy to the sandbox's photo host that holds each answer until the test releases it (the
 * sandbox's hold switch covers the API, not its photo host), except for the paths `passes` lets
 * through at once: a test knows which downloads are in flight instead of guessing from a delay.
 */
export async function heldProxy(target: string, passes: (path: string) => boolean = () => false): Promise<HeldProxy> {
  let holding = true;
  let waiting: Array<() => void> = [];
  let watchers: Array<{ count: number; resolve: () => void }> = [];
  const server = await tinyServer(async (req, res) => {
    const path = req.url ?? '/';
    if (holding && !passes(path)) {
      await new Promise<void>((go) => {
        waiting.push(go);
        const ready = watchers.filter((w) => waiting.length >= w.count);
        watchers = watchers.filter((w) => waiting.length < w.count);
        for (const w of ready) w.resolve();
      });
    }
    const upstream = await fetch(target + path);
    const body = Buffer.from(await upstream.arrayBuffer());
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream', 'content-length': body.length });
    res.end(body);
  });
  const releaseHeld = () => {
    const now = waiting;
    waiting = [];
    for (const go of now) go();
  };
  return {
    get origin() {
      return server.origin;
    },
    get active() {
      return server.active;
    },
    get maxActive() {
      return server.maxActive;
    },
    get requests() {
      return server.requests;
    },
    get held() {
      return waiting.length;
    },
    whenHeld: (count) => (waiting.length >= count ? Promise.resolve() : new Promise<void>((resolve) => watchers.push({ count, resolve }))),
    releaseHeld,
    release: () => {
      holding = false;
      releaseHeld();
    },
    close: () => {
      holding = false;
      releaseHeld();
      return server.close();
    },
  };
}

export const sha256Files = (files: string[]): string[] => files.filter((f) => /^[0-9a-f]{2}\/[0-9a-f]{64}\.(jpg|png|webp|gif|avif)$/.test(f));

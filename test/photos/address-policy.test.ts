// Where photos may come from (issue 12, defect 7): http(s) only, no credentials in the URL, never
// a private, link-local or metadata address (checked after DNS resolution and on every redirect),
// a bounded number of redirects; loopback only when the account's portal is on loopback itself.
// Real servers on 127.0.0.1 stand in for a photo host; nothing here mocks fetch.
import { afterEach, describe, expect, it } from 'vitest';
import { guardedFetch, photoHostPolicyFor, refusedAddress } from '../../src/main/photos/address-policy';
import { downloadImage, MAX_PHOTO_REDIRECTS, PhotoDownloadError } from '../../src/main/photos/download';
import { placeholderJpeg } from '../../src/sandbox/jpeg';
import { tinyServer, type TinyServer } from './helpers';

const LOCAL_PORTAL = photoHostPolicyFor('http://127.0.0.1:4010/integration/v2');
const PUBLIC_PORTAL = photoHostPolicyFor('https://api.portal.example.com/integration/v2');

const servers: TinyServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function photoHost(): Promise<TinyServer> {
  const jpeg = placeholderJpeg('address-policy');
  const server = await tinyServer((req, res) => {
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length });
    res.end(jpeg);
  });
  servers.push(server);
  return server;
}

/** Answers every request with a redirect to `location(path)`. */
async function redirector(location: (path: string) => string): Promise<TinyServer> {
  const server = await tinyServer((req, res) => {
    res.writeHead(302, { location: location(req.url ?? '/') });
    res.end();
  });
  servers.push(server);
  return server;
}

async function failure(source: string, policy = LOCAL_PORTAL): Promise<PhotoDownloadError> {
  try {
    await downloadImage(source, { maxBytes: 1 << 20, timeoutMs: 3_000, retries: 0, policy, fetch: guardedFetch(policy) });
  } catch (error) {
    if (error instanceof PhotoDownloadError) return error;
    throw error;
  }
  throw new Error('expected a PhotoDownloadError, got a photo');
}

describe('the photo host policy', () => {
  it('loopback photos are allowed only when the portal itself is on loopback', () => {
    expect(LOCAL_PORTAL.allowLoopback).toBe(true);
    expect(photoHostPolicyFor('http://localhost:4010/integration/v2').allowLoopback).toBe(true);
    expect(photoHostPolicyFor('http://[::1]:4010/integration/v2').allowLoopback).toBe(true);
    expect(PUBLIC_PORTAL.allowLoopback).toBe(false);
    expect(photoHostPolicyFor('http://10.0.0.5/integration/v2').allowLoopback).toBe(false);
  });

  it('refuses private, link-local, metadata and special addresses, whatever the portal', () => {
    for (const address of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '224.0.0.1',
    ]) {
      expect(refusedAddress(address, LOCAL_PORTAL), address).toBeDefined();
      expect(refusedAddress(address, PUBLIC_PORTAL), address).toBeDefined();
    }
    expect(refusedAddress('127.0.0.1', PUBLIC_PORTAL)).toBe('loopback');
    expect(refusedAddress('::1', PUBLIC_PORTAL)).toBe('loopback');
    expect(refusedAddress('127.0.0.1', LOCAL_PORTAL)).toBeUndefined();
    expect(refusedAddress('93.184.216.34', PUBLIC_PORTAL)).toBeUndefined();
    expect(refusedAddress('2606:2800:220:1:248:1893:25c8:1946', PUBLIC_PORTAL)).toBeUndefined();
  });
});

describe('downloading a photo', () => {
  it('from a loopback host when the portal is on loopback: downloaded (the demo and the tests)', async () => {
    const host = await photoHost();
    const image = await downloadImage(`${host.origin}/p/1.jpg`, {
      maxBytes: 1 << 20,
      timeoutMs: 3_000,
      policy: LOCAL_PORTAL,
      fetch: guardedFetch(LOCAL_PORTAL),
    });
    expect(image.contentType).toBe('image/jpeg');
  });

  it('from a loopback host when the portal is not: refused before connecting, for good', async () => {
    const host = await photoHost();
    const error = await failure(`${host.origin}/p/1.jpg`, PUBLIC_PORTAL);
    expect(error.transient).toBe(false);
    expect(error.message).toMatch(/loopback/);
    expect(host.requests).toBe(0);
  });

  it('a name that resolves to loopback is refused after DNS resolution, at connect time', async () => {
    const host = await photoHost();
    const error = await failure(host.origin.replace('127.0.0.1', 'localhost') + '/p/1.jpg', PUBLIC_PORTAL);
    expect(error.transient).toBe(false);
    expect(error.message).toMatch(/localhost resolves to .* loopback/);
    expect(host.requests).toBe(0);
  });

  it('metadata and private addresses in the URL are refused without a connection', async () => {
    for (const source of ['http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/p.jpg', 'http://[fd00:ec2::254]/latest/']) {
      const error = await failure(source);
      expect(error.transient, source).toBe(false);
      expect(error.message, source).toMatch(/network/);
    }
  });

  it('a redirect to a metadata address, even from an allowed host, is refused and not followed', async () => {
    const hop = await redirector(() => 'http://169.254.169.254/latest/meta-data/iam');
    const error = await failure(`${hop.origin}/p/1.jpg`);
    expect(error.transient).toBe(false);
    expect(error.message).toMatch(/redirected to .*link-local.*169\.254\.169\.254/);
  });

  it('a redirect to file: is a clear per-photo error, not "offline?"', async () => {
    const hop = await redirector(() => 'file:///etc/passwd');
    const error = await failure(`${hop.origin}/p/1.jpg`);
    expect(error.transient).toBe(false);
    expect(error.unreachable).toBe(false);
    expect(error.message).toMatch(/redirected to a file: address/);
  });

  it('a redirect to a URL with credentials is a clear per-photo error', async () => {
    const host = await photoHost();
    const hop = await redirector((path) => host.origin.replace('http://', 'http://user:secret@') + path);
    const error = await failure(`${hop.origin}/p/1.jpg`);
    expect(error.transient).toBe(false);
    expect(error.message).toMatch(/user name or password/);
    expect(host.requests).toBe(0);
  });

  it('an allowed redirect is followed; a redirect loop stops after a bounded number of hops', async () => {
    const host = await photoHost();
    const hop = await redirector((path) => `${host.origin}${path}`);
    const image = await downloadImage(`${hop.origin}/p/2.jpg`, {
      maxBytes: 1 << 20,
      timeoutMs: 3_000,
      policy: LOCAL_PORTAL,
      fetch: guardedFetch(LOCAL_PORTAL),
    });
    expect(image.contentType).toBe('image/jpeg');
    const loop = await redirector((path) => `${path}x`);
    const error = await failure(`${loop.origin}/p/3.jpg`);
    expect(error.transient).toBe(false);
    expect(error.message).toMatch(/redirected more than/);
    expect(loop.requests).toBe(MAX_PHOTO_REDIRECTS + 1);
  });
});

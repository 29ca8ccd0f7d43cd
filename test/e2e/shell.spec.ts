// The browser shell's refusals, over the wire as a hostile client or page would try them: no
// cookie, a wrong key, a foreign Host (DNS rebinding), a foreign Origin on the bridge socket, a
// path outside the renderer, CORS. Each would let another page on the dealer's machine drive
// Showroom if it failed.
import { existsSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { cookieName } from '../../src/main/browser-shell/auth';
import { DOWNLOAD_ROUTE } from '../../src/main/browser-shell/downloads';
import { EXPORT_CONTENT_TYPES } from '../../src/main/export/destination';
import { expect, test } from './fixtures';
import { words } from './helpers';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A raw request with exactly these headers (a browser would not let a page set Host). */
function get(port: number, path: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, setHost: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The session cookie, as the launcher's address gives it. */
async function login(port: number, loginUrl: string): Promise<string> {
  const url = new URL(loginUrl);
  const answer = await get(port, `${url.pathname}${url.search}`, { Host: `127.0.0.1:${port}` });
  expect(answer.status).toBe(200);
  expect(answer.body).toContain('<meta http-equiv="refresh" content="0;url=/">');
  const setCookie = answer.headers['set-cookie']?.[0] ?? '';
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Strict/);
  return setCookie.split(';')[0] ?? '';
}

/** Opens the bridge socket with these headers: 'open', or the HTTP status it was refused with. */
function connectBridge(port: number, headers: Record<string, string>): Promise<'open' | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/bridge`, { headers });
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(-1));
  });
}

test('without the session cookie nothing is served, not even the renderer', async ({ shell }) => {
  const { port } = shell.server;
  for (const path of ['/', '/index.html', '/bridge.js', '/assets/', '/photo/x', '/bridge']) {
    const answer = await get(port, path, { Host: `127.0.0.1:${port}` });
    expect(answer.status, path).toBe(403);
    expect(answer.body).not.toContain('<script');
  }
  expect(await connectBridge(port, { Origin: shell.server.origin })).toBe(403);
});

test('a wrong key is refused and sets no cookie', async ({ shell }) => {
  const { port } = shell.server;
  for (const key of ['', 'x', `${new URL(shell.server.loginUrl()).searchParams.get('key')}x`]) {
    const answer = await get(port, `/?key=${encodeURIComponent(key)}`, { Host: `127.0.0.1:${port}` });
    expect(answer.status).toBe(403);
    expect(answer.headers['set-cookie']).toBeUndefined();
  }
});

test('a foreign Host is refused even with the cookie (DNS rebinding)', async ({ shell }) => {
  const { port, origin } = shell.server;
  const cookie = await login(port, shell.server.loginUrl());
  expect((await get(port, '/', { Host: `127.0.0.1:${port}`, Cookie: cookie })).status).toBe(200);
  for (const host of ['attacker.example', `attacker.example:${port}`, `localhost:${port}`, `127.0.0.1:${port + 1}`]) {
    expect((await get(port, '/', { Host: host, Cookie: cookie })).status, host).toBe(403);
    expect(await connectBridge(port, { Host: host, Cookie: cookie, Origin: origin }), host).toBe(403);
  }
});

test("the bridge socket opens only from the shell's own page", async ({ shell }) => {
  const { port, origin } = shell.server;
  const cookie = await login(port, shell.server.loginUrl());
  expect(await connectBridge(port, { Cookie: cookie, Origin: origin })).toBe('open');
  for (const foreign of ['http://attacker.example', `http://127.0.0.1:${port + 1}`, `http://localhost:${port}`, 'null']) {
    expect(await connectBridge(port, { Cookie: cookie, Origin: foreign }), foreign).toBe(403);
  }
  expect(await connectBridge(port, { Cookie: cookie })).toBe(403);
  expect(await connectBridge(port, { Cookie: `${cookieName(port)}=forged`, Origin: origin })).toBe(403);
});

test('nothing is served outside the built renderer, the bridge and the photo route', async ({ shell }) => {
  const { port } = shell.server;
  const cookie = await login(port, shell.server.loginUrl());
  const headers = { Host: `127.0.0.1:${port}`, Cookie: cookie };
  expect((await get(port, '/bridge.js', headers)).status).toBe(200);
  for (const path of [
    '/../package.json',
    '/%2e%2e/package.json',
    '/assets/..%2F..%2Fpackage.json',
    '/src/main/index.ts',
    '/etc/passwd',
    '/photo/..%2F..%2Fcache.sqlite',
    '/accounts.json',
    '/browser-shell.json',
  ]) {
    const answer = await get(port, path, headers);
    expect(answer.status, path).toBe(404);
  }
  expect((await get(port, '/', headers, 'POST')).status).toBe(405);
  expect((await get(port, '/', headers, 'OPTIONS')).status).toBe(405);
  // Plain GET on the socket's path: it is only a socket.
  expect((await get(port, '/bridge', headers)).status).toBe(426);
});

test('an export download: only with the cookie, once, as an attachment under its (non-ASCII) name, then removed', async ({ shell, downloads }) => {
  const { port } = shell.server;
  const offer = (fileName: string) => {
    const file = downloads.newFile('csv');
    writeFileSync(file, '\uFEFFRefer\u00eancia;Pre\u00e7o\r\nABC-1;45990,5\r\n');
    return { file, url: `${DOWNLOAD_ROUTE}${downloads.offer({ file, fileName, contentType: EXPORT_CONTENT_TYPES.csv })}` };
  };
  const host = { Host: `127.0.0.1:${port}` };

  // No cookie (or a forged one): refused, and the address is not used up.
  const kept = offer('showroom-listings-2026-11-22.csv');
  expect((await get(port, kept.url, host)).status).toBe(403);
  expect((await get(port, kept.url, { ...host, Cookie: `${cookieName(port)}=forged` })).status).toBe(403);
  expect(existsSync(kept.file)).toBe(true);

  const cookie = await login(port, shell.server.loginUrl());
  const first = await get(port, kept.url, { ...host, Cookie: cookie });
  expect(first.status).toBe(200);
  expect(first.body).toBe('\uFEFFRefer\u00eancia;Pre\u00e7o\r\nABC-1;45990,5\r\n');
  expect(first.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(first.headers['content-disposition']).toBe('attachment; filename=showroom-listings-2026-11-22.csv');
  expect(first.headers['cache-control']).toBe('no-store');
  await expect.poll(() => existsSync(kept.file)).toBe(false);
  // Used once: gone.
  expect((await get(port, kept.url, { ...host, Cookie: cookie })).status).toBe(404);
  // An id never offered, and no id at all.
  expect((await get(port, `${DOWNLOAD_ROUTE}${'A'.repeat(43)}`, { ...host, Cookie: cookie })).status).toBe(404);
  expect((await get(port, DOWNLOAD_ROUTE, { ...host, Cookie: cookie })).status).toBe(404);

  // A Portuguese name: RFC 6266 with an ASCII fallback and RFC 5987's UTF-8 filename*.
  const accented = offer('anúncios-março.csv');
  const answer = await get(port, accented.url, { ...host, Cookie: cookie });
  expect(answer.headers['content-disposition']).toBe(`attachment; filename="an?ncios-mar?o.csv"; filename*=UTF-8''an%C3%BAncios-mar%C3%A7o.csv`);

  // HEAD would use the address up without a body: refused, the download still there.
  const headed = offer('x.csv');
  expect((await get(port, headed.url, { ...host, Cookie: cookie }, 'HEAD')).status).toBe(405);
  expect((await get(port, headed.url, { ...host, Cookie: cookie })).status).toBe(200);
});

test('no answer carries a CORS header', async ({ shell }) => {
  const { port } = shell.server;
  const cookie = await login(port, shell.server.loginUrl());
  const foreign = { Origin: 'http://attacker.example' };
  const answers = [
    await get(port, '/', { Host: `127.0.0.1:${port}`, Cookie: cookie, ...foreign }),
    await get(port, '/bridge.js', { Host: `127.0.0.1:${port}`, Cookie: cookie, ...foreign }),
    await get(port, '/', { Host: `127.0.0.1:${port}`, ...foreign }),
    await get(port, '/', { Host: `127.0.0.1:${port}`, ...foreign, 'Access-Control-Request-Method': 'GET' }, 'OPTIONS'),
  ];
  for (const answer of answers) expect(Object.keys(answer.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
});

test('the login address leaves the address bar, and a page on another loopback port cannot reach the app', async ({ app, shell }) => {
  // The fixture logged in: the key is gone from the address, the cookie is HttpOnly and Strict.
  expect(app.page.url()).toBe(`${shell.server.origin}/`);
  const cookies = await app.page.context().cookies(shell.server.origin);
  expect(cookies).toEqual([expect.objectContaining({ name: cookieName(shell.server.port), httpOnly: true, sameSite: 'Strict' })]);

  // Another local web page (same site as far as SameSite goes: only the port differs), in the
  // same browser profile, tries the bridge and the app.
  const evil: Server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<title>elsewhere</title>'));
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  try {
    const page = await app.page.context().newPage();
    await page.goto(`http://127.0.0.1:${(evil.address() as AddressInfo).port}/`);
    const outcome = await page.evaluate(async (port) => {
      const socket = await new Promise<string>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/bridge`);
        ws.onopen = () => resolve('open');
        ws.onerror = () => resolve('refused');
      });
      const read = await fetch(`http://127.0.0.1:${port}/`, { credentials: 'include' }).then(
        (r) => r.text(),
        () => 'unreadable',
      );
      return { socket, read };
    }, shell.server.port);
    expect(outcome).toEqual({ socket: 'refused', read: 'unreadable' });
    await page.close();
  } finally {
    await new Promise((resolve) => evil.close(resolve));
  }
  // The app itself still works.
  await expect(app.page.getByRole('heading', { level: 1, name: words('en')('firstRun.title') })).toBeVisible();
});

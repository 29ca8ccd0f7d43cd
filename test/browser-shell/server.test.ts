// The browser shell's server over loopback: login addresses good once and for a short time, the
// running shell's fresh address for a second start, request targets and Host fields read
// defensively (400 or 403, never a crash), on plain HTTP and on the bridge's upgrade.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cookieName } from '../../src/main/browser-shell/auth';
import { requestLoginUrl } from '../../src/main/browser-shell/instance';
import type { ShellServer, ShellServerOptions } from '../../src/main/browser-shell/server';
import { textsIn } from '../../src/shared/i18n/messages';
import { exchange, requestText, startBareShell, UPGRADE_HEADERS } from './harness/bare-shell';

const servers: ShellServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function start(options: Partial<ShellServerOptions> = {}): Promise<{ server: ShellServer; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'showroom-shell-'));
  const server = await startBareShell(dir, options);
  servers.push(server);
  return { server, dir };
}

const host = (server: ShellServer): [string, string] => ['Host', `127.0.0.1:${server.port}`];

/** GET `target` with these headers; Connection: close so the server ends the exchange. */
function get(server: ShellServer, target: string, headers: [string, string][] = [host(server)]) {
  return exchange(server.port, requestText(`GET ${target} HTTP/1.1`, [...headers, ['Connection', 'close']]));
}

function upgrade(server: ShellServer, target: string, headers: [string, string][]) {
  return exchange(server.port, requestText(`GET ${target} HTTP/1.1`, [...headers, ...UPGRADE_HEADERS]));
}

const pathOf = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
};
const setCookie = (head: string) => /^set-cookie: ([^;\r\n]+)/im.exec(head)?.[1];

/** Logs in with a fresh login address: the session cookie ("name=value"). */
async function login(server: ShellServer): Promise<string> {
  const answer = await get(server, pathOf(server.loginUrl()));
  expect(answer.status).toBe(200);
  return setCookie(answer.head) ?? '';
}

describe('login addresses', () => {
  it('log a browser in once: the same address again is refused, in the dealer language, and sets no cookie', async () => {
    const { server } = await start({ texts: textsIn('pt-BR') });
    const address = pathOf(server.loginUrl());
    const first = await get(server, address);
    // A page that goes on to the app (a redirect would lose a Strict cookie after a cross-site start).
    expect(first.status).toBe(200);
    expect(await fetchBody(server, pathOf(server.loginUrl()))).toContain('<meta http-equiv="refresh" content="0;url=/">');
    expect(setCookie(first.head)).toMatch(new RegExp(`^${cookieName(server.port)}=`));

    const again = await exchange(server.port, requestText(`GET ${address} HTTP/1.1`, [host(server), ['Connection', 'close']]));
    expect(again.status).toBe(403);
    expect(setCookie(again.head)).toBeUndefined();
    const body = await fetchBody(server, address);
    expect(body).toBe(textsIn('pt-BR')('shell.loginUsed'));
  });

  it('a used address in a browser already logged in (going back to it) just opens the app', async () => {
    const { server } = await start();
    const address = pathOf(server.loginUrl());
    const cookie = setCookie((await get(server, address)).head) ?? '';
    const again = await get(server, address, [host(server), ['Cookie', cookie]]);
    expect(again.status).toBe(200);
    expect(setCookie(again.head)).toBeUndefined();
  });

  it('are not used up by a HEAD request (a link checker or a preview)', async () => {
    const { server } = await start();
    const address = pathOf(server.loginUrl());
    const head = await exchange(server.port, requestText(`HEAD ${address} HTTP/1.1`, [host(server), ['Connection', 'close']]));
    expect(head.status).toBe(405);
    expect(setCookie(head.head)).toBeUndefined();
    expect((await get(server, address)).status).toBe(200);
  });

  it("expire on the server's clock", async () => {
    let now = 0;
    const { server } = await start({ now: () => now, loginTtlMs: 30_000 });
    const late = pathOf(server.loginUrl());
    const inTime = pathOf(server.loginUrl());
    now += 29_999;
    expect((await get(server, inTime)).status).toBe(200);
    now += 1;
    expect((await get(server, late)).status).toBe(403);
  });

  it('are different each time, and none is the session cookie', async () => {
    const { server } = await start();
    const [a, b] = [server.loginUrl(), server.loginUrl()];
    expect(a).not.toBe(b);
    const cookie = await login(server);
    const value = cookie.split('=')[1] ?? '';
    expect(a).not.toContain(value);
    expect(b).not.toContain(value);
  });

  it('a second start gets a fresh one from the running shell with the key of its private record, and nothing without it', async () => {
    const { server } = await start();
    const record = { pid: process.pid, port: server.port, startedAt: new Date(0).toISOString() };
    const url = await requestLoginUrl({ ...record, key: server.instanceKey });
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/\\?key=`));
    expect((await get(server, pathOf(url ?? ''))).status).toBe(200);
    expect((await get(server, pathOf(url ?? ''))).status).toBe(403);
    expect(await requestLoginUrl({ ...record, key: `${server.instanceKey}x` })).toBeUndefined();
    // An earlier version's record has no key: nothing to ask with.
    expect(await requestLoginUrl(record)).toBeUndefined();
    // A page cannot ask: no key, and a foreign Host is refused first.
    const post = (headers: [string, string][]) =>
      exchange(server.port, requestText('POST /login-address HTTP/1.1', [...headers, ['Content-Length', '0'], ['Connection', 'close']]));
    expect((await post([host(server)])).status).toBe(403);
    expect(
      (
        await post([
          ['Host', 'evil.example'],
          ['Authorization', `Bearer ${server.instanceKey}`],
        ])
      ).status,
    ).toBe(403);
  });

  it('never appear in a log line', async () => {
    const { server, dir } = await start();
    const tickets = [server.loginUrl(), server.loginUrl()].map((url) => new URL(url).searchParams.get('key') ?? '');
    await get(server, `/?key=${tickets[0]}`);
    await get(server, `/?key=${tickets[0]}`);
    await get(server, `/?key=${tickets[0]}x`);
    await get(server, `http://evil.example:${server.port}/?key=${tickets[1]}`);
    await server.close();
    servers.pop();
    const logs = readdirSync(join(dir, 'logs'))
      .map((file) => readFileSync(join(dir, 'logs', file), 'utf8'))
      .join('\n');
    expect(logs).toContain('refused a request');
    for (const secret of [...tickets, server.instanceKey]) expect(logs).not.toContain(secret);
  });
});

/** The body of a GET (the server closes after it). */
async function fetchBody(server: ShellServer, target: string): Promise<string> {
  const response = await fetch(`${server.origin}${target}`, { redirect: 'manual' });
  return response.text();
}

describe('request targets and Host fields', () => {
  it('answers 400 to targets the URL parser throws on, on plain HTTP and on the upgrade, and keeps serving', async () => {
    const { server } = await start();
    const cookie = await login(server);
    for (const target of ['http://a%/', 'http://[', 'http://:80/', 'http://x:99999/bridge']) {
      expect((await get(server, target)).status, target).toBe(400);
      expect((await upgrade(server, target, [host(server)])).status, target).toBe(400);
      expect((await upgrade(server, target, [host(server), ['Cookie', cookie], ['Origin', server.origin]])).status, target).toBe(400);
    }
    expect((await get(server, '/', [host(server), ['Cookie', cookie]])).status).toBe(200);
  });

  it("refuses an absolute-form target naming another authority, even with the right Host and cookie; serves one naming the shell's own", async () => {
    const { server } = await start();
    const cookie = await login(server);
    const admitted: [string, string][] = [host(server), ['Cookie', cookie], ['Origin', server.origin]];
    for (const authority of [`evil.example:${server.port}`, 'evil.example', `localhost:${server.port}`, `127.0.0.1:${server.port + 1}`]) {
      expect((await get(server, `http://${authority}/`, admitted)).status, authority).toBe(403);
      expect((await upgrade(server, `http://${authority}/bridge`, admitted)).status, authority).toBe(403);
    }
    expect((await get(server, `http://127.0.0.1:${server.port}/`, admitted)).status).toBe(200);
    expect((await upgrade(server, `http://127.0.0.1:${server.port}/bridge`, admitted)).status).toBe(101);
  });

  it('answers 400 to two Host fields, even both right, on plain HTTP and on the upgrade', async () => {
    const { server } = await start();
    const cookie = await login(server);
    for (const second of [`127.0.0.1:${server.port}`, 'evil.example']) {
      const headers: [string, string][] = [host(server), ['Host', second], ['Cookie', cookie], ['Origin', server.origin]];
      expect((await get(server, '/', headers)).status, second).toBe(400);
      expect((await upgrade(server, '/bridge', headers)).status, second).toBe(400);
    }
    expect((await upgrade(server, '/bridge', [host(server), ['Cookie', cookie], ['Origin', server.origin]])).status).toBe(101);
  });
});

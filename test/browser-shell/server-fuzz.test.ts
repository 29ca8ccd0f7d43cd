// No request can stop the browser shell: a few hundred malformed request lines and header sets,
// from a seeded generator (the same ones every run), sent over raw TCP to the real server in a
// process of its own. Afterwards the process is still there and still serves a logged-in browser
// and its bridge. A target the URL parser throws on once took the whole process down.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, expect, it } from 'vitest';
import { createRandom, type Random } from '../../src/sandbox/random';
import { exchange, requestText, UPGRADE_HEADERS } from './harness/bare-shell';

const ROOT = join(import.meta.dirname, '../..');
const SEED = 28;
const CASES = 500;
const PARALLEL = 6;

let child: ChildProcess | undefined;
afterEach(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
});

interface Shell {
  port: number;
  origin: string;
  loginUrl: string;
}

function startChild(): Promise<{ shell: Shell; output: () => string; exited: Promise<number | null> }> {
  const dir = mkdtempSync(join(tmpdir(), 'showroom-fuzz-'));
  const proc = spawn(process.execPath, ['--import', 'tsx', 'test/browser-shell/harness/serve-bare-shell.ts', dir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  let output = '';
  proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const lines = createInterface({ input: proc.stdout });
  return new Promise((resolve, reject) => {
    lines.once('line', (line) => resolve({ shell: JSON.parse(line) as Shell, output: () => output, exited }));
    void exited.then((code) => reject(new Error(`the shell exited (${code}) before serving: ${output}`)));
  });
}

const HOSTILE_TARGETS = (own: string, port: number, random: Random): string[] => [
  '/?key=',
  '/?key=%',
  '/?key=%zz&key=1',
  '/%',
  '/%zz',
  '/login-address',
  '//evil.example/x',
  '/photo/..%2f..%2fcache.sqlite',
  '/download/%00',
  '*',
  own,
  'http://a%/',
  'http://[',
  'http://:80/',
  'http://x:99999/bridge',
  `http://[::1]:${port}/`,
  `http://evil.example:${port}/`,
  `http://evil.example:${port}/bridge`,
  `http://user@${own}/`,
  `HTTP://${own}/?key=x`,
  `ws://${own}/bridge`,
  'http://%zz/',
  'http://a b/',
  'http://\u00e9.example/',
  `/${'a'.repeat(random.int(1, 12_000))}`,
  `/${String.fromCharCode(...Array.from({ length: random.int(1, 30) }, () => random.int(0, 255)))}`,
];

/**
 * One hostile request: what the app's own window sends (a page, or the bridge's upgrade), with
 * none to a few of its parts replaced by what a hostile client would send, sometimes garbled.
 */
function hostileRequest(random: Random, port: number, cookie: string, origin: string): Buffer {
  const own = `127.0.0.1:${port}`;
  const bridge = random.chance(0.4);
  let method = 'GET';
  let target = bridge ? random.pick(['/bridge', `http://${own}/bridge`]) : random.pick(['/', '/index.html', `http://${own}/`]);
  let version = 'HTTP/1.1';
  let headers: [string, string][] = [['Host', own], ['Cookie', cookie], ...(bridge ? [['Origin', origin] as [string, string], ...UPGRADE_HEADERS] : [])];
  let tail = '';
  const pool: [string, string][] = [
    ['Host', own],
    ['Host', 'evil.example'],
    ['Host', ''],
    ['Host', `${own}:1`],
    ['Cookie', `${cookie.split('=')[0] ?? ''}=forged`],
    ['Cookie', ';;=;'],
    ['Origin', 'http://evil.example'],
    ['Origin', 'null'],
    ...UPGRADE_HEADERS,
    ['Upgrade', 'h2c'],
    ['Sec-WebSocket-Key', 'short'],
    ['Sec-WebSocket-Version', '8'],
    ['Sec-WebSocket-Extensions', 'permessage-deflate; client_max_window_bits=0'],
    ['Authorization', 'Bearer x'],
    ['Content-Length', random.pick(['0', '-1', 'abc', '99999999999', '5'])],
    ['Transfer-Encoding', random.pick(['chunked', 'gzip, chunked', 'x'])],
    ['Expect', '100-continue'],
    ['X-Long', 'v'.repeat(random.int(1, 20_000))],
    ['Bad Name', 'x'],
    ['X-Ctl', 'a\u0001b'],
  ];
  const changes = [
    () => (method = random.pick(['HEAD', 'POST', 'OPTIONS', 'PUT', 'CONNECT', 'get', 'G ET', '', 'PRI', 'X'.repeat(random.int(1, 40))])),
    () => (target = random.pick(HOSTILE_TARGETS(own, port, random))),
    () => (target = random.pick(HOSTILE_TARGETS(own, port, random))),
    () => (version = random.pick(['HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1x', '', 'HTTP/9.9', 'http/1.1'])),
    () => headers.push(random.pick(pool)),
    () => headers.push(random.pick(pool)),
    () => (headers = headers.filter(() => random.chance(0.5))),
    () => (tail = random.pick(['0\r\n\r\n', 'hello', '\u0000\u0000', `GET / ${version}\r\n\r\n`])),
  ];
  for (let n = random.int(0, 3); n > 0; n--) random.pick(changes)();
  headers.sort(() => random.next() - 0.5);
  const bytes = Buffer.from(`${requestText(`${method} ${target} ${version}`, headers)}${tail}`, 'latin1');
  if (random.chance(0.15)) {
    // Garbled on the way: a few bytes replaced, or the request cut short.
    for (let i = random.int(1, 4); i > 0; i--) bytes[random.int(0, bytes.length - 1)] = random.pick([0, 10, 13, 32, 37, 58, 64, 91, 255, random.int(0, 255)]);
    if (random.chance(0.3)) return bytes.subarray(0, random.int(0, bytes.length));
  }
  return bytes;
}

/**
 * Whether the server has all it needs to answer: a whole head and no body announced. Anything
 * else is sent with a half-close, as a client with nothing more to say, so the server ends it at
 * once (a half-close on a whole request would cut off its answer instead).
 */
function answersWithoutMore(request: Buffer): boolean {
  const text = request.toString('latin1');
  return text.includes('\r\n\r\n') && !/content-length|transfer-encoding/i.test(text);
}

it(`survives ${CASES} malformed requests (seed ${SEED}) and still serves the app and its bridge`, { timeout: 120_000 }, async () => {
  const { shell, output, exited } = await startChild();
  const own = `127.0.0.1:${shell.port}`;
  const login = await exchange(shell.port, requestText(`GET ${new URL(shell.loginUrl).pathname}${new URL(shell.loginUrl).search} HTTP/1.1`, [['Host', own]]));
  const cookie = /^set-cookie: ([^;\r\n]+)/im.exec(login.head)?.[1] ?? '';
  expect(cookie).not.toBe('');

  const random = createRandom(SEED);
  const requests = Array.from({ length: CASES }, () => hostileRequest(random, shell.port, cookie, shell.origin));
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < requests.length && child?.exitCode === null) {
        const request = requests[next++] ?? Buffer.alloc(0);
        // Refused connections: the process is gone (said below, with what it wrote).
        const { status } = await exchange(shell.port, request, { end: !answersWithoutMore(request), idleMs: 15_000 }).catch(() => ({ status: -2 }));
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );

  expect(child?.exitCode, output()).toBeNull();
  expect(output()).not.toMatch(/TypeError|Uncaught|ERR_/);
  // The generator reaches every layer: the parser's refusals, the shell's, files served, bridges opened.
  expect([...statuses.keys()], JSON.stringify(Object.fromEntries(statuses))).toEqual(expect.arrayContaining([101, 200, 400, 403, 404]));
  // Still serving: the logged-in browser, its bridge, a fresh login refused without a ticket.
  expect(
    (
      await exchange(
        shell.port,
        requestText('GET / HTTP/1.1', [
          ['Host', own],
          ['Cookie', cookie],
          ['Connection', 'close'],
        ]),
      )
    ).status,
  ).toBe(200);
  expect(
    (await exchange(shell.port, requestText('GET /bridge HTTP/1.1', [['Host', own], ['Cookie', cookie], ['Origin', shell.origin], ...UPGRADE_HEADERS]))).status,
  ).toBe(101);
  child?.kill('SIGTERM');
  expect(await exited).toBe(0);
});

// The network path of each process: Electron's net (the OS settings) in the app, Node's fetch with
// HTTP(S)_PROXY / NO_PROXY in the command line and the browser shell — checked against a tiny
// forward proxy on loopback (CONNECT tunnels and absolute-form requests) in front of the sandbox.
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPortalClient } from '../../src/main/portal';
import { nodeFetch } from '../../src/main/base/node-fetch';
import { describeProxy, proxyChoice } from '../../src/main/base/proxy';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { cli, json, tempDataDir } from '../cli/helpers';

describe('proxyChoice', () => {
  it('the Electron app always takes the system’s path (OS proxy settings, PAC, OS certificates)', () => {
    expect(proxyChoice({ runtime: 'electron', env: { HTTPS_PROXY: 'http://p:3128' } })).toEqual({ kind: 'system' });
  });

  it('Node processes: direct without proxy variables; the environment’s proxies otherwise, lower-case first (curl’s rule)', () => {
    expect(proxyChoice({ runtime: 'node', env: {} })).toEqual({ kind: 'direct' });
    expect(proxyChoice({ runtime: 'node', env: { HTTPS_PROXY: '  ', NO_PROXY: 'x' } })).toEqual({ kind: 'direct' });
    expect(proxyChoice({ runtime: 'node', env: { HTTPS_PROXY: 'http://upper:1', https_proxy: 'http://lower:2', NO_PROXY: 'localhost' } })).toEqual({
      kind: 'env',
      httpsProxy: 'http://lower:2',
      noProxy: 'localhost',
    });
    expect(proxyChoice({ runtime: 'node', env: { http_proxy: 'http://p:3128' } })).toEqual({ kind: 'env', httpProxy: 'http://p:3128' });
  });

  it('logs a proxy without the password its URL may carry', () => {
    const text = describeProxy(proxyChoice({ runtime: 'node', env: { HTTPS_PROXY: 'http://ana:s3cret@proxy.corp:3128' } }));
    expect(text).toContain('proxy.corp:3128');
    expect(text).not.toContain('s3cret');
  });
});

/** A forward proxy that remembers the hosts it was asked for. */
function startProxy(): Promise<{ server: Server; url: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  const tunnels = new Set<{ destroy(): void }>();
  const server = createServer((req, res) => {
    // Absolute-form request (plain HTTP through a proxy without a tunnel).
    const target = new URL(req.url ?? '');
    seen.push(target.host);
    const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req, socket, head) => {
    seen.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    tunnels.add(socket);
    const upstream = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    tunnels.add(upstream);
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  const close = () =>
    new Promise<void>((resolve) => {
      for (const tunnel of tunnels) tunnel.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close })),
  );
}

describe('Node’s fetch through the environment’s proxy', () => {
  let sandbox: Sandbox;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let sandboxHost: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ vehicles: 4, seed: 2 });
    proxy = await startProxy();
    sandboxHost = new URL(sandbox.baseUrl).host;
  });
  afterAll(async () => {
    await proxy.close();
    await sandbox.close();
  });
  beforeEach(() => {
    proxy.seen.length = 0;
  });

  const planThrough = (env: Record<string, string>) => {
    const fetch = nodeFetch(env);
    return createPortalClient({ baseUrl: sandbox.baseUrl, integrationToken: sandbox.integrationToken, attempts: 1, ...(fetch && { fetch }) }).getPlan();
  };

  it('the portal client’s requests go through HTTP_PROXY', async () => {
    const plan = await planThrough({ HTTP_PROXY: proxy.url });
    expect(plan.currentPlan.name).toEqual(expect.any(String));
    expect(proxy.seen).toContain(sandboxHost);
  });

  it('NO_PROXY sends a host straight to it', async () => {
    await planThrough({ HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' });
    expect(proxy.seen).toEqual([]);
  });

  it('without proxy variables the global fetch is used as is', () => {
    expect(nodeFetch({})).toBeUndefined();
  });

  it('the command line honours them', async () => {
    const data = tempDataDir();
    try {
      const env = { SHOWROOM_TOKEN: sandbox.integrationToken, HTTP_PROXY: proxy.url, NO_PROXY: '' };
      const added = await cli(['accounts', 'add', '--name', 'Loja', '--base-url', sandbox.baseUrl, '--no-keychain', '--json', '--data-dir', data.dir], { env });
      expect(added.code, added.stderr).toBe(0);
      const plan = await cli(['plan', '--json', '--no-keychain', '--data-dir', data.dir], { env });
      expect(plan.code, plan.stderr).toBe(0);
      expect(json<{ live: boolean }>(plan).live).toBe(true);
      expect(proxy.seen).toContain(sandboxHost);
    } finally {
      data.cleanup();
    }
  });
});

// Failures the sandbox injects: retries on 5xx, resets, cut-off bodies and broken JSON; what is
// left when retries run out; timeouts; cancelling; and that no error ever carries a secret.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createPortalClient } from '../../src/main/portal';
import { ERROR_KINDS, type AppError, type ErrorKind } from '../../src/shared/errors';
import { clientFor, errorOf, sandbox } from './helpers';
import { closedPort, json, makeCertificate, startHttpServer, startHttpsServer } from './servers';

describe('retries', () => {
  it('GET: retried on 500 and 503, then succeeds', async () => {
    const s = await sandbox();
    const client = clientFor(s);
    await client.getPlan();
    s.faults.failNext(2, 500);
    const page = await client.listVehicles();
    expect(page.items.length).toBeGreaterThan(0);
    expect(s.stats.count('GET /vehicles', 500)).toBe(2);
    s.faults.failNext(3, 503);
    await client.listVehicles();
    expect(s.stats.count('GET /vehicles', 503)).toBe(3);
  });

  it('5xx past the attempts → server, with the status and the portal message', async () => {
    const s = await sandbox();
    const client = clientFor(s, { attempts: 3 });
    await client.getPlan();
    s.faults.failNext(5, 500);
    const error = await errorOf(client.getPlan());
    expect(error).toMatchObject({ kind: 'server', detail: { method: 'GET', endpoint: '/clients/plan', status: 500, portalMessage: 'Internal server error' } });
    expect(error.message).toMatch(/error 500/);
    expect(s.stats.count('GET /clients/plan', 500)).toBe(3);
  });

  it("a gateway's HTML 502 is retried like any 5xx", async () => {
    const s = await sandbox();
    const client = clientFor(s, { attempts: 2 });
    await client.getPlan();
    s.faults.failNext(2, 502);
    expect(await errorOf(client.getPlan())).toMatchObject({ kind: 'server', detail: { status: 502 } });
  });

  it('connection resets: retried; when they persist → offline', async () => {
    const s = await sandbox();
    const client = clientFor(s);
    await client.getPlan();
    s.faults.set({ resetRate: 0.5 });
    for (let i = 0; i < 6; i++) await client.listVehicles({ limit: 5, page: i + 1 });
    expect(s.stats.count('GET /vehicles', 'reset')).toBeGreaterThan(0);
    s.faults.set({ resetRate: 1 });
    const error = await errorOf(client.getPlan());
    expect(error).toMatchObject({ kind: 'offline', detail: { endpoint: '/clients/plan', attempts: 4 } });
    expect(error.message).toMatch(/could not be reached/);
    expect(s.stats.count('GET /clients/plan', 'reset')).toBe(4);
  });

  it('bodies cut off mid-way: retried; when they persist → invalid_response', async () => {
    const s = await sandbox({ vehicles: 50 });
    const client = clientFor(s);
    await client.getPlan();
    s.faults.set({ truncateRate: 0.5, routes: ['GET /vehicles'] });
    for (let i = 0; i < 4; i++) expect((await client.listVehicles({ limit: 10, page: i + 1 })).items).toHaveLength(10);
    expect(s.stats.count('GET /vehicles', 'truncated')).toBeGreaterThan(0);
    s.faults.set({ truncateRate: 1 });
    const error = await errorOf(client.listVehicles());
    expect(error).toMatchObject({ kind: 'invalid_response', detail: { code: 'TRUNCATED_BODY', status: 200, attempts: 4 } });
  });

  it('broken JSON in a 200: retried; when it persists → invalid_response', async () => {
    const s = await sandbox();
    const client = clientFor(s);
    await client.getPlan();
    s.faults.set({ invalidJsonRate: 1, routes: ['GET /clients/plan'] });
    const error = await errorOf(client.getPlan());
    expect(error).toMatchObject({ kind: 'invalid_response', detail: { status: 200, reason: expect.stringMatching(/does not parse/) } });
    expect(s.stats.count('GET /clients/plan', 200)).toBe(1 + 4);
    s.faults.set({ invalidJsonRate: 0.5 });
    for (let i = 0; i < 4; i++) await client.getPlan();
  });

  it('DELETE (unpublish) is retried too: it is idempotent', async () => {
    const s = await sandbox({ queueDelayMs: Number.POSITIVE_INFINITY });
    const client = clientFor(s);
    const [v] = s.data.list();
    if (!v) throw new Error('no vehicle');
    await client.getPlan();
    s.faults.failNext(1, 503);
    const result = await client.unpublish(v.reference);
    expect(result.accepted).toBe(true);
    expect(s.stats.count('DELETE /publications/:reference', 503)).toBe(1);
    expect(s.stats.count('DELETE /publications/:reference', 202)).toBe(1);
  });
});

describe('timeouts and cancelling', () => {
  // The portal holds its answer (sandbox hold.ts) for as long as the test wants: the client's own
  // timeout or the abort is the only way out, so a test that passes shows that way works.
  it('a request the portal does not answer in time → offline (timeout) after its attempts', async () => {
    const s = await sandbox();
    const client = clientFor(s, { timeoutMs: 150, attempts: 2 });
    s.hold.hold('GET /clients/plan');
    const error = await errorOf(client.getPlan());
    expect(error).toMatchObject({ kind: 'offline', detail: { code: 'TIMEOUT', timeoutMs: 150, attempts: 2 } });
    expect(error.message).toMatch(/too long/);
    s.hold.release();
  });

  it('abort during a request → cancelled', async () => {
    const s = await sandbox();
    const client = clientFor(s);
    await client.getPlan();
    s.hold.hold('GET /vehicles');
    const controller = new AbortController();
    const listing = errorOf(client.listVehicles({}, { signal: controller.signal }));
    await s.hold.whenHeld(1);
    controller.abort();
    expect((await listing).kind).toBe('cancelled');
    s.hold.release();
  });

  it('abort during the JWT renewal, and an already aborted signal', async () => {
    const s = await sandbox();
    const client = clientFor(s);
    s.hold.hold('GET /clients/jwt');
    const controller = new AbortController();
    const plan = errorOf(client.getPlan({ signal: controller.signal }));
    await s.hold.whenHeld(1);
    controller.abort();
    expect((await plan).kind).toBe('cancelled');
    s.hold.release();
    expect((await errorOf(client.getVehicle('X', { signal: AbortSignal.abort() }))).kind).toBe('cancelled');
    expect((await errorOf(client.unpublish('X', { signal: AbortSignal.abort() }))).kind).toBe('cancelled');
  });
});

describe('no secret in any error', () => {
  it('every error kind the client produces, serialised and inspected, holds neither the integration token nor the JWT', async () => {
    const s = await sandbox({ vehicles: 5, queueDelayMs: Number.POSITIVE_INFINITY });
    // Every JWT the clients send, seen on the way out (a pass-through, not a mock).
    const jwts = new Set<string>();
    const spy: typeof fetch = (input, init) => {
      const auth = input instanceof Request ? input.headers.get('authorization') : null;
      if (auth) jwts.add(auth.replace(/^Bearer\s+/i, ''));
      return fetch(input, init);
    };
    const errors: AppError[] = [];
    const collect = async (promise: Promise<unknown>) => errors.push(await errorOf(promise));
    const client = clientFor(s, { attempts: 2, rateLimitRetries: 0, timeoutMs: 200, fetch: spy });
    await client.getPlan();

    await collect(client.getVehicle('NOPE')); // not_found
    await collect(client.listVehicles({ limit: 0 })); // validation
    s.faults.failNext(1, 403);
    await collect(client.getPlan()); // unauthorized
    s.faults.failNext(2, 500);
    await collect(client.getPlan()); // server
    s.faults.set({ invalidJsonRate: 1 });
    await collect(client.getPlan()); // invalid_response
    s.faults.clear();
    s.faults.set({ latencyMs: 500 });
    await collect(client.getPlan()); // offline (timeout)
    s.faults.clear();
    const controller = new AbortController();
    controller.abort();
    await collect(client.getPlan({ signal: controller.signal })); // cancelled
    s.rateLimit.set({ limit: 1, windowMs: 60_000 });
    await fetch(`${s.baseUrl}/clients/jwt`, { headers: { token: s.integrationToken } }); // another program spends the window
    await collect(clientFor(s, { rateLimitRetries: 0 }).getPlan()); // rate_limited
    s.rateLimit.set(false);
    const refusing = clientFor(s, { fetch: spy, onRequest: (e) => e.endpoint === '/clients/plan' && s.auth.revokeJwts() });
    await collect(refusing.getPlan()); // token_refused (second 401)
    await collect(clientFor(s, { integrationToken: `${s.integrationToken}x` }).getPlan()); // token_refused (jwt)

    const port = await closedPort();
    await collect(createPortalClient({ baseUrl: `http://127.0.0.1:${port}/integration/v2`, integrationToken: s.integrationToken, attempts: 1 }).getPlan()); // offline
    const tls = await startHttpsServer(makeCertificate(), (_req, res) => json(res, 200, {}));
    const html = await startHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html></html>');
    });
    try {
      await collect(createPortalClient({ baseUrl: `${tls.url}/integration/v2`, integrationToken: s.integrationToken }).getPlan()); // tls
      await collect(createPortalClient({ baseUrl: `${html.url}/integration/v2`, integrationToken: s.integrationToken }).getPlan()); // not_a_portal
    } finally {
      await tls.close();
      await html.close();
    }

    const kinds = new Set(errors.map((e) => e.kind));
    const expected: ErrorKind[] = [
      'not_found',
      'validation',
      'unauthorized',
      'server',
      'invalid_response',
      'offline',
      'cancelled',
      'rate_limited',
      'token_refused',
      'tls',
      'not_a_portal',
    ];
    expect([...kinds].sort()).toEqual([...expected].sort());
    expect(expected.every((k) => ERROR_KINDS.includes(k))).toBe(true);
    expect(jwts.size).toBeGreaterThanOrEqual(2); // identical claims in the same second sign to the same JWT
    const secrets = [s.integrationToken, ...jwts, ...[...jwts].map((j) => j.split('.')[2] ?? j)];
    for (const error of errors) {
      const texts = [JSON.stringify(error), JSON.stringify(error.toJSON()), inspect(error, { depth: 20 }), String(error.stack), error.message];
      for (const text of texts) for (const secret of secrets) expect(text, `${error.kind} leaks a secret`).not.toContain(secret);
      if (error.kind !== 'cancelled')
        expect(error.detail).toMatchObject({
          method: expect.any(String),
          endpoint: expect.stringMatching(/^\//),
          time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        });
    }
  });

  it('the Authorization header and token header never appear in errors even when the portal echoes them', async () => {
    const token = 'sbx_echo-secret-token';
    const server = await startHttpServer((req, res) => {
      if (req.url?.endsWith('/clients/jwt')) return json(res, 200, { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2VjcmV0LWp3dA', expiration: '1d' });
      json(res, 400, { statusCode: 400, message: 'bad request', error: 'Bad Request' });
    });
    try {
      const error = await errorOf(createPortalClient({ baseUrl: `${server.url}/integration/v2`, integrationToken: token }).getPlan());
      expect(error.kind).toBe('validation');
      const text = inspect(error, { depth: 20 }) + JSON.stringify(error);
      expect(text).not.toContain(token);
      expect(text).not.toContain('c2VjcmV0LWp3dA');
    } finally {
      await server.close();
    }
  });
});

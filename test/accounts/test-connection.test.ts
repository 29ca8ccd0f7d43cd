// "Test connection": connected and token refused against the sandbox; the outcomes that need no
// portal against tiny local servers (something else answering, a bad certificate, nobody listening).
import { afterEach, describe, expect, it } from 'vitest';
import { testConnection, type ConnectionOutcome } from '../../src/main/accounts';
import { startSandbox } from '../../src/sandbox';
import { closedPort, json, makeCertificate, startHttpServer, startHttpsServer, type LocalServer } from '../portal/servers';

const TOKEN = 'sbx_test-connection-token';
const codeOf = (result: ConnectionOutcome): unknown => ('error' in result ? result.error.detail?.code : undefined);
const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function serve(server: Promise<LocalServer>): Promise<LocalServer> {
  const s = await server;
  servers.push(s);
  return s;
}

describe('testConnection with the portal (sandbox)', () => {
  it('connected, with the plan name; a trailing slash in the address is fine', async () => {
    const s = await startSandbox({ plan: { name: 'Plano Ouro' } });
    try {
      const result = await testConnection({ baseUrl: `${s.baseUrl}/`, integrationToken: s.integrationToken });
      expect(result).toMatchObject({ outcome: 'connected', planName: 'Plano Ouro', warnings: [] });
    } finally {
      await s.close();
    }
  });

  it('token refused', async () => {
    const s = await startSandbox();
    try {
      const result = await testConnection({ baseUrl: s.baseUrl, integrationToken: 'sbx_wrong' });
      expect(result).toMatchObject({ outcome: 'token_refused', error: { kind: 'token_refused', detail: { status: 401, endpoint: '/clients/jwt' } } });
      expect(JSON.stringify(result)).not.toContain('sbx_wrong');
    } finally {
      await s.close();
    }
  });
});

describe('testConnection without a portal', () => {
  it('a web page (HTML 200) is not a portal', async () => {
    const s = await serve(
      startHttpServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><title>Welcome</title><p>Dealer site</p>');
      }),
    );
    const result = await testConnection({ baseUrl: `${s.url}/integration/v2`, integrationToken: TOKEN });
    expect(result).toMatchObject({ outcome: 'not_a_portal', error: { kind: 'not_a_portal', detail: { endpoint: '/clients/jwt', status: 200 } } });
    expect(s.requests[0]?.url).toBe('/integration/v2/clients/jwt');
    expect(s.requests[0]?.headers.token).toBe(TOKEN);
  });

  it('404 on /clients/jwt is not a portal', async () => {
    const s = await serve(startHttpServer((_req, res) => json(res, 404, { statusCode: 404, message: 'Cannot GET /clients/jwt', error: 'Not Found' })));
    const result = await testConnection({ baseUrl: `${s.url}/wrong/path`, integrationToken: TOKEN });
    expect(result).toMatchObject({ outcome: 'not_a_portal', error: { detail: { status: 404 } } });
    expect(s.requests).toHaveLength(1); // a 404 is not retried
  });

  it('JSON without a token field is not a portal', async () => {
    const s = await serve(startHttpServer((_req, res) => json(res, 200, { status: 'ok', version: '3.1' })));
    const result = await testConnection({ baseUrl: `${s.url}/integration/v2`, integrationToken: TOKEN });
    expect(result).toMatchObject({ outcome: 'not_a_portal', error: { detail: { reason: 'JSON without a token field' } } });
  });

  it('nobody listening: unreachable', async () => {
    const port = await closedPort();
    const result = await testConnection({ baseUrl: `http://127.0.0.1:${port}/integration/v2`, integrationToken: TOKEN });
    expect(result).toMatchObject({ outcome: 'unreachable', error: { kind: 'offline', detail: { code: 'ECONNREFUSED' } } });
  });

  it('an unknown host: unreachable', async () => {
    const result = await testConnection({ baseUrl: 'https://showroom-no-such-host.invalid/integration/v2', integrationToken: TOKEN });
    expect(result).toMatchObject({ outcome: 'unreachable', error: { kind: 'offline' } });
    expect(['ENOTFOUND', 'EAI_AGAIN']).toContain(codeOf(result));
  });

  it('a server that never answers: unreachable after the timeout it was given', async () => {
    const s = await serve(startHttpServer(() => undefined));
    const result = await testConnection({ baseUrl: `${s.url}/integration/v2`, integrationToken: TOKEN, timeoutMs: 300 });
    expect(result).toMatchObject({ outcome: 'unreachable', error: { kind: 'offline', detail: { code: 'TIMEOUT', timeoutMs: 300 } } });
  });

  it('a self-signed certificate: tls, with the certificate error code, token never sent', async () => {
    const s = await serve(startHttpsServer(makeCertificate(), (_req, res) => json(res, 200, { token: 'x', expiration: '1d' })));
    const result = await testConnection({ baseUrl: `${s.url}/integration/v2`, integrationToken: TOKEN });
    expect(result).toMatchObject({ outcome: 'tls', error: { kind: 'tls', detail: { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' } } });
    expect(s.requests).toHaveLength(0);
  });

  it('an expired certificate: tls, with the certificate error code', async () => {
    const s = await serve(startHttpsServer(makeCertificate({ expired: true }), (_req, res) => json(res, 200, { token: 'x', expiration: '1d' })));
    const result = await testConnection({ baseUrl: `${s.url}/integration/v2`, integrationToken: TOKEN });
    expect(result).toMatchObject({ outcome: 'tls', error: { kind: 'tls' } });
    expect(codeOf(result)).toMatch(/CERT_HAS_EXPIRED|SELF_SIGNED/);
  });

  it('an unusable address: bad_input, nothing sent', async () => {
    const result = await testConnection({ baseUrl: 'http://portal.example/integration/v2', integrationToken: TOKEN });
    expect(result).toMatchObject({ outcome: 'bad_input', error: { kind: 'bad_input' } });
  });
});

// Credentials stay with the account's base URL (issue 12, defect 2): the integration token and
// the JWT are never sent to another origin, whatever the portal's address answers. Two loopback
// servers on different ports are two origins: the "portal" redirects, the "other" records.
import { afterEach, describe, expect, it } from 'vitest';
import { testConnection } from '../../src/main/accounts';
import { createPortalClient } from '../../src/main/portal';
import { redirectVerdict } from '../../src/main/portal/transport';
import { errorOf } from './helpers';
import { json, startHttpServer, type LocalServer } from './servers';

const TOKEN = 'sbx_integration_token_secret';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
const BASE_PATH = '/integration/v2';

const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** Records every request; answers like the portal would (token, plan), so a followed redirect would succeed. */
async function otherOrigin(): Promise<LocalServer> {
  const other = await startHttpServer((req, res) => {
    if (req.url?.includes('/clients/jwt')) return json(res, 200, { token: JWT, expiration: '1h' });
    return json(res, 200, { currentPlan: { name: 'Stolen' } });
  });
  servers.push(other);
  return other;
}

/** A portal whose `redirected` endpoint answers `status` with a Location on `target`; the rest answers normally. */
async function redirectingPortal(target: () => string, redirected: 'jwt' | 'plan', status = 307): Promise<LocalServer> {
  const portal = await startHttpServer((req, res) => {
    const path = req.url ?? '';
    if (path.includes(`/clients/${redirected}`)) {
      res.writeHead(status, { location: `${target()}${path}` });
      return res.end();
    }
    if (path.includes('/clients/jwt')) return json(res, 200, { token: JWT, expiration: '1h' });
    return json(res, 404, { statusCode: 404, message: 'Not Found' });
  });
  servers.push(portal);
  return portal;
}

const sentCredentials = (server: LocalServer) => server.requests.filter((r) => r.headers.token !== undefined || r.headers.authorization !== undefined);

describe('redirects never carry credentials to another origin', () => {
  it('the token exchange redirected to another port: refused, naming the host; the other server sees nothing', async () => {
    const other = await otherOrigin();
    const portal = await redirectingPortal(() => other.url, 'jwt');
    const client = createPortalClient({ baseUrl: `${portal.url}${BASE_PATH}`, integrationToken: TOKEN, attempts: 1 });
    const error = await errorOf(client.getPlan());
    expect(error.kind).toBe('not_a_portal');
    expect(error.message).toContain(new URL(other.url).host);
    expect(error.detail).toMatchObject({ status: 307, redirectedTo: new URL(other.url).origin });
    expect(sentCredentials(other)).toEqual([]);
    expect(other.requests).toEqual([]);
    expect(JSON.stringify(error.toJSON())).not.toContain(TOKEN);
  });

  it('the JWT on a data request redirected to another origin: refused; the other server sees nothing', async () => {
    const other = await otherOrigin();
    const portal = await redirectingPortal(() => other.url, 'plan', 308);
    const client = createPortalClient({ baseUrl: `${portal.url}${BASE_PATH}`, integrationToken: TOKEN, attempts: 1 });
    const error = await errorOf(client.getPlan());
    expect(error.kind).toBe('not_a_portal');
    expect(error.message).toContain(new URL(other.url).host);
    expect(other.requests).toEqual([]);
    // The portal itself did get both credentials: they belong there.
    expect(portal.requests.some((r) => r.headers.token === TOKEN)).toBe(true);
    expect(portal.requests.some((r) => r.headers.authorization === `Bearer ${JWT}`)).toBe(true);
  });

  it('test connection (accounts add) says the address redirected elsewhere, and sends nothing there', async () => {
    const other = await otherOrigin();
    const portal = await redirectingPortal(() => other.url, 'jwt', 302);
    const result = await testConnection({ baseUrl: `${portal.url}${BASE_PATH}`, integrationToken: TOKEN });
    expect(result.outcome).toBe('not_a_portal');
    if (result.outcome !== 'not_a_portal') return;
    expect(result.error.message).toContain(new URL(other.url).host);
    expect(other.requests).toEqual([]);
  });

  it('a redirect within the same origin is followed, credentials and all', async () => {
    const portal = await startHttpServer((req, res) => {
      const path = req.url ?? '';
      if (path === `${BASE_PATH}/clients/jwt`) {
        res.writeHead(301, { location: `${BASE_PATH}/clients/jwt/` });
        return res.end();
      }
      if (path === `${BASE_PATH}/clients/jwt/`)
        return req.headers.token === TOKEN ? json(res, 200, { token: JWT, expiration: '1h' }) : json(res, 401, { statusCode: 401, message: 'no token' });
      if (path === `${BASE_PATH}/clients/plan`) return json(res, 200, { currentPlan: { name: 'Gold' } });
      return json(res, 404, { statusCode: 404, message: 'Not Found' });
    });
    servers.push(portal);
    const client = createPortalClient({ baseUrl: `${portal.url}${BASE_PATH}`, integrationToken: TOKEN, attempts: 1 });
    // The plan body is not a full plan: what matters is that the token exchange got through the redirect.
    const error = await errorOf(client.getPlan());
    expect(error.kind).toBe('invalid_response');
    expect(portal.requests.map((r) => r.url)).toEqual([`${BASE_PATH}/clients/jwt`, `${BASE_PATH}/clients/jwt/`, `${BASE_PATH}/clients/plan`]);
  });

  it('a redirect loop within the origin ends, with a clear error', async () => {
    const portal = await startHttpServer((req, res) => {
      res.writeHead(302, { location: req.url === `${BASE_PATH}/clients/jwt` ? `${BASE_PATH}/clients/jwt?again` : `${BASE_PATH}/clients/jwt` });
      res.end();
    });
    servers.push(portal);
    const client = createPortalClient({ baseUrl: `${portal.url}${BASE_PATH}`, integrationToken: TOKEN, attempts: 1 });
    const error = await errorOf(client.getPlan());
    expect(error.kind).toBe('invalid_response');
    expect(error.detail).toMatchObject({ code: 'TOO_MANY_REDIRECTS' });
    expect(portal.requests.length).toBeLessThanOrEqual(6);
  });
});

describe('redirectVerdict', () => {
  const base = new URL('https://portal.example.com/integration/v2/');
  it('same origin: follow', () => {
    expect(redirectVerdict(base, new URL('https://portal.example.com/integration/v2/clients/jwt/'))).toEqual({ follow: true });
  });
  it('https → http on the same host: refused as a downgrade', () => {
    expect(redirectVerdict(base, new URL('http://portal.example.com/integration/v2/clients/jwt'))).toEqual({ follow: false, reason: 'downgrade' });
  });
  it('another host, another port, or http → https: refused as another origin', () => {
    expect(redirectVerdict(base, new URL('https://evil.example.net/x'))).toEqual({ follow: false, reason: 'other_origin' });
    expect(redirectVerdict(base, new URL('https://portal.example.com:8443/x'))).toEqual({ follow: false, reason: 'other_origin' });
    expect(redirectVerdict(new URL('http://portal.example.com/'), new URL('https://portal.example.com/'))).toEqual({ follow: false, reason: 'other_origin' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, SignJWT } from 'jose';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { call, getJwt } from './helpers';

function expectUnauthorized(res: { status: number; body: unknown }): void {
  expect(res.status).toBe(401);
  expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  const message = (res.body as { message: unknown }).message;
  expect(typeof message === 'string' || Array.isArray(message)).toBe(true);
}

describe('auth', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox({ vehicles: 5, clients: [{ id: 'other-dealer', vehicles: 3 }] });
  });
  afterAll(() => sb.close());

  it('issues a signed HS256 JWT whose exp matches the expiration text', async () => {
    const before = Math.floor(sb.clock.nowMs() / 1000);
    const res = await call<{ token: string; expiration: string }>(sb, null, '/clients/jwt', { headers: { token: sb.integrationToken } });
    expect(res.status).toBe(200);
    expect(res.body.expiration).toBe('1d');
    const header = JSON.parse(Buffer.from(res.body.token.split('.')[0] ?? '', 'base64url').toString()) as { alg: string };
    expect(header.alg).toBe('HS256');
    const claims = decodeJwt(res.body.token);
    expect(claims.sub).toBe(sb.clientId);
    expect(typeof claims.exp).toBe('number');
    const iat = claims.iat ?? 0;
    expect(iat).toBeGreaterThanOrEqual(before);
    expect((claims.exp ?? 0) - iat).toBe(86_400);
  });

  it.each([
    ['30s', 30],
    ['2h', 7200],
    ['15m', 900],
  ])('expiration %s gives a JWT living %i s', async (expiration, seconds) => {
    const other = await startSandbox({ vehicles: 0, expiration });
    try {
      const res = await call<{ token: string; expiration: string }>(other, null, '/clients/jwt', { headers: { token: other.integrationToken } });
      expect(res.body.expiration).toBe(expiration);
      const claims = decodeJwt(res.body.token);
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(seconds);
    } finally {
      await other.close();
    }
  });

  it('refuses a missing or unknown integration token', async () => {
    expectUnauthorized(await call(sb, null, '/clients/jwt'));
    expectUnauthorized(await call(sb, null, '/clients/jwt', { headers: { token: 'not-a-token' } }));
  });

  it('refuses a missing, malformed, wrongly signed or garbage JWT on every endpoint', async () => {
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sb.clientId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not the sandbox secret, not the sandbox secret'));
    const paths: Array<[string, string]> = [
      ['GET', '/clients/plan'],
      ['GET', '/vehicles'],
      ['GET', '/vehicles/X'],
      ['DELETE', '/publications/X'],
      ['POST', '/vehicles'],
      ['PUT', '/vehicles/X'],
    ];
    for (const [method, path] of paths) {
      expectUnauthorized(await call(sb, null, path, { method }));
      expectUnauthorized(await call(sb, null, path, { method, headers: { authorization: 'Token abc' } }));
      expectUnauthorized(await call(sb, null, path, { method, headers: { authorization: 'Bearer' } }));
      expectUnauthorized(await call(sb, 'not.a.jwt', path, { method }));
      expectUnauthorized(await call(sb, forged, path, { method }));
    }
  });

  it('accepts a good JWT and identifies the client', async () => {
    const jwt = await getJwt(sb);
    const mine = await call<{ meta: { totalItems: number } }>(sb, jwt, '/vehicles');
    expect(mine.status).toBe(200);
    expect(mine.body.meta.totalItems).toBe(5);
    const other = sb.client('other-dealer');
    const otherJwt = await getJwt(sb, other.integrationToken);
    const theirs = await call<{ meta: { totalItems: number } }>(sb, otherJwt, '/vehicles');
    expect(theirs.body.meta.totalItems).toBe(3);
  });

  it('expires the JWT when the sandbox clock passes exp', async () => {
    const other = await startSandbox({ vehicles: 1, expiration: '1h' });
    try {
      const jwt = await getJwt(other);
      expect((await call(other, jwt, '/clients/plan')).status).toBe(200);
      other.clock.advance(59 * 60_000);
      expect((await call(other, jwt, '/clients/plan')).status).toBe(200);
      other.clock.advance(2 * 60_000);
      const res = await call<{ message: string }>(other, jwt, '/clients/plan');
      expectUnauthorized(res);
      expect(res.body.message).toMatch(/expired/i);
      // A new JWT works again.
      expect((await call(other, await getJwt(other), '/clients/plan')).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('can give a JWT that lives shorter than its expiration text says', async () => {
    const other = await startSandbox({ vehicles: 1, expiration: '1d', jwtTtl: '2s' });
    try {
      const res = await call<{ token: string; expiration: string }>(other, null, '/clients/jwt', { headers: { token: other.integrationToken } });
      expect(res.body.expiration).toBe('1d');
      const claims = decodeJwt(res.body.token);
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(2);
      other.clock.advance(3000);
      expectUnauthorized(await call(other, res.body.token, '/clients/plan'));
    } finally {
      await other.close();
    }
  });

  it('revokes JWTs and rotates the integration token', async () => {
    const other = await startSandbox({ vehicles: 1 });
    try {
      const jwt = await getJwt(other);
      other.auth.revokeJwts();
      expectUnauthorized(await call(other, jwt, '/clients/plan'));
      const oldToken = other.integrationToken;
      const newToken = other.auth.rotateIntegrationToken();
      expect(other.integrationToken).toBe(newToken);
      expectUnauthorized(await call(other, null, '/clients/jwt', { headers: { token: oldToken } }));
      expect((await call(other, await getJwt(other, newToken), '/clients/plan')).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

// Who may talk to the browser shell: the decisions behind its cookie, Host and Origin checks.
import { describe, expect, it } from 'vitest';
import {
  admitRequest,
  admitUpgrade,
  cookieName,
  createSecret,
  isSecret,
  loginUrl,
  readCookie,
  SECRET_BYTES,
  sessionCookie,
} from '../../src/main/browser-shell/auth';

const port = 41234;
const secret = createSecret();
const keys = { port, secret };
const cookie = `${cookieName(port)}=${secret}`;

describe('the per-launch secret', () => {
  it('holds at least 256 bits and differs every launch', () => {
    expect(SECRET_BYTES * 8).toBeGreaterThanOrEqual(256);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(SECRET_BYTES);
    expect(createSecret()).not.toBe(secret);
  });

  it('is compared whole: a prefix, a longer value or nothing is not the secret', () => {
    expect(isSecret(secret, secret)).toBe(true);
    expect(isSecret(secret.slice(0, -1), secret)).toBe(false);
    expect(isSecret(`${secret}x`, secret)).toBe(false);
    expect(isSecret('', secret)).toBe(false);
    expect(isSecret(undefined, secret)).toBe(false);
    expect(isSecret(null, secret)).toBe(false);
  });

  it('becomes an HttpOnly, SameSite=Strict cookie named for the port (cookies are not port-scoped)', () => {
    const header = sessionCookie(port, secret);
    expect(header).toMatch(new RegExp(`^showroom-${port}=`));
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/');
    expect(cookieName(1)).not.toBe(cookieName(2));
  });

  it('is not what a login address carries: that is the app on 127.0.0.1 with a ticket (login-tickets.ts)', () => {
    expect(loginUrl(port, 'ticket')).toBe(`http://127.0.0.1:${port}/?key=ticket`);
  });
});

describe('readCookie', () => {
  it('finds the named cookie among others, and nothing else', () => {
    expect(readCookie(`a=1; ${cookie}; b=2`, cookieName(port))).toBe(secret);
    expect(readCookie(`showroom-1=${secret}`, cookieName(port))).toBeUndefined();
    expect(readCookie(`x${cookie}`, cookieName(port))).toBeUndefined();
    expect(readCookie(undefined, cookieName(port))).toBeUndefined();
    expect(readCookie('garbage;;=', cookieName(port))).toBeUndefined();
  });
});

describe('admitRequest', () => {
  it('admits the right Host with the session cookie', () => {
    expect(admitRequest({ host: `127.0.0.1:${port}`, cookie }, keys)).toBeNull();
  });

  it('refuses another Host even with the cookie (DNS rebinding, another port, localhost)', () => {
    for (const host of ['evil.example', `evil.example:${port}`, `localhost:${port}`, `127.0.0.1:${port + 1}`, '127.0.0.1', undefined]) {
      expect(admitRequest({ host, cookie }, keys)).toBe('wrong_host');
    }
  });

  it('refuses a request without the session, or with a wrong one', () => {
    expect(admitRequest({ host: `127.0.0.1:${port}`, cookie: undefined }, keys)).toBe('no_session');
    expect(admitRequest({ host: `127.0.0.1:${port}`, cookie: `${cookieName(port)}=${createSecret()}` }, keys)).toBe('no_session');
  });
});

describe('admitUpgrade', () => {
  it("admits the bridge only from the shell's own page", () => {
    expect(admitUpgrade({ host: `127.0.0.1:${port}`, cookie, origin: `http://127.0.0.1:${port}` }, keys)).toBeNull();
    for (const origin of ['http://evil.example', `http://127.0.0.1:${port + 1}`, `http://localhost:${port}`, 'null', undefined]) {
      expect(admitUpgrade({ host: `127.0.0.1:${port}`, cookie, origin }, keys)).toBe('foreign_origin');
    }
  });

  it('checks Host and cookie first', () => {
    expect(admitUpgrade({ host: 'evil.example', cookie, origin: `http://127.0.0.1:${port}` }, keys)).toBe('wrong_host');
    expect(admitUpgrade({ host: `127.0.0.1:${port}`, cookie: undefined, origin: `http://127.0.0.1:${port}` }, keys)).toBe('no_session');
  });
});

import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspDirectives, withCspHeader } from '../../src/main/shell/csp';

describe('contentSecurityPolicy', () => {
  it('is strict in production: no inline script, no eval, no network, photos only from our protocol', () => {
    const csp = contentSecurityPolicy({ dev: false });
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("img-src 'self' showroom-photo: data:");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
  });

  it('in dev allows the loopback Vite server (http and its HMR websocket) and nothing else', () => {
    const d = cspDirectives({ dev: true, devServerUrl: 'http://localhost:5173/' });
    expect(d['connect-src']).toEqual(["'self'", 'http://localhost:5173', 'ws://localhost:5173']);
    expect(d['script-src']).toContain('http://localhost:5173');
    expect(d['script-src']).not.toContain("'unsafe-eval'");
    const remote = cspDirectives({ dev: true, devServerUrl: 'http://192.168.1.10:5173/' });
    expect(remote['connect-src']).toEqual(["'self'"]);
    expect(cspDirectives({ dev: true, devServerUrl: 'garbage' })['connect-src']).toEqual(["'self'"]);
  });

  it('does not widen production because a dev server URL is around', () => {
    expect(contentSecurityPolicy({ dev: false, devServerUrl: 'http://localhost:5173' })).toBe(contentSecurityPolicy({ dev: false }));
  });
});

describe('withCspHeader', () => {
  it('replaces any policy the server sent, whatever the header case', () => {
    const out = withCspHeader({ 'content-security-policy': ['default-src *'], 'Content-Type': 'text/html' }, "default-src 'none'");
    expect(out).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': ["default-src 'none'"] });
    expect(withCspHeader(undefined, 'x')).toEqual({ 'Content-Security-Policy': ['x'] });
  });
});

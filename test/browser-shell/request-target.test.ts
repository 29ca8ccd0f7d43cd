// The request target and Host fields, read defensively: 400 for what cannot be read, 403 for
// another authority, never an exception.
import { describe, expect, it } from 'vitest';
import { readTarget } from '../../src/main/browser-shell/request-target';

const port = 41234;
const host = ['Host', `127.0.0.1:${port}`];

describe('readTarget', () => {
  it('reads origin-form targets as paths on the shell, even one that looks like another authority', () => {
    for (const [target, pathname, search] of [
      ['/', '/', ''],
      ['/index.html?key=abc', '/index.html', '?key=abc'],
      ['//evil.example/x', '//evil.example/x', ''],
      ['/@evil.example/', '/@evil.example/', ''],
      // Dot segments are resolved as a browser would; the file handler keeps paths inside the renderer.
      ['/%2e%2e/package.json', '/package.json', ''],
    ] as const) {
      const result = readTarget(target, host, port);
      expect(result.ok && { host: result.url.host, pathname: result.url.pathname, search: result.url.search }, target).toEqual({
        host: `127.0.0.1:${port}`,
        pathname,
        search,
      });
    }
  });

  it('answers 400 to targets the URL parser throws on, and to forms the shell does not serve', () => {
    for (const target of ['http://a%/', 'http://[', 'http://:80/', 'http://x:99999/bridge', '*', '127.0.0.1:80', 'a', '', undefined]) {
      const result = readTarget(target, host, port);
      expect(result, String(target)).toEqual({ ok: false, status: 400, reason: 'bad_target' });
    }
    expect(readTarget(`http://127.0.0.1:${port}/%`, host, port)).toMatchObject({ ok: true });
  });

  it("accepts an absolute-form target only with exactly the shell's own authority", () => {
    expect(readTarget(`http://127.0.0.1:${port}/bridge`, host, port)).toMatchObject({ ok: true, url: { pathname: '/bridge' } });
    expect(readTarget(`HTTP://127.0.0.1:${port}`, host, port)).toMatchObject({ ok: true, url: { pathname: '/' } });
    for (const authority of [
      `evil.example:${port}`,
      'evil.example',
      `localhost:${port}`,
      `127.0.0.1:${port + 1}`,
      '127.0.0.1',
      `user@127.0.0.1:${port}`,
      `127.0.0.1:0${port}`,
      `0x7f.0.0.1:${port}`,
      `127.1:${port}`,
      `127.0.0.1:${port}@evil.example`,
    ]) {
      expect(readTarget(`http://${authority}/`, host, port), authority).toEqual({ ok: false, status: 403, reason: 'foreign_authority' });
    }
    expect(readTarget(`https://127.0.0.1:${port}/`, host, port)).toEqual({ ok: false, status: 400, reason: 'bad_target' });
    expect(readTarget(`ws://127.0.0.1:${port}/bridge`, host, port)).toEqual({ ok: false, status: 400, reason: 'bad_target' });
  });

  it('answers 400 to two Host fields, whatever their case or values (RFC 9112 §3.2)', () => {
    expect(readTarget('/', [...host, 'host', `127.0.0.1:${port}`], port)).toEqual({ ok: false, status: 400, reason: 'duplicate_host' });
    expect(readTarget('/', ['HOST', 'evil.example', ...host], port)).toEqual({ ok: false, status: 400, reason: 'duplicate_host' });
    expect(readTarget('/', ['X-Host', 'a', ...host, 'Cookie', 'host=b'], port)).toMatchObject({ ok: true });
  });
});

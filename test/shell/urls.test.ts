import { describe, expect, it } from 'vitest';
import { externalUrlDecision, guardedOpenExternal, isTrustedSender, navigationDecision } from '../../src/main/shell/urls';

describe('isTrustedSender', () => {
  const app = 'showroom-app://app/index.html';
  it('trusts the app document whatever its path, hash or query', () => {
    for (const url of [
      'showroom-app://app/index.html',
      'showroom-app://app/index.html#/vehicles/ABC',
      'showroom-app://app/',
      'showroom-app://app/index.html?x=1',
    ]) {
      expect(isTrustedSender(url, app)).toBe(true);
    }
  });
  it('refuses other origins, schemes and garbage', () => {
    for (const url of [
      'showroom-app://evil/index.html',
      'https://app/index.html',
      'file:///index.html',
      'showroom-photo://photo/1',
      'about:blank',
      '',
      'not a url',
      'showroom-app://user:pw@app/index.html',
      'data:text/html,<script>1</script>',
    ]) {
      expect(isTrustedSender(url, app)).toBe(false);
    }
  });
  it('in dev trusts the dev server origin only', () => {
    const dev = 'http://localhost:5173/';
    expect(isTrustedSender('http://localhost:5173/#/x', dev)).toBe(true);
    expect(isTrustedSender('http://localhost:5174/', dev)).toBe(false);
    expect(isTrustedSender('http://127.0.0.1:5173/', dev)).toBe(false);
    expect(isTrustedSender('https://localhost:5173/', dev)).toBe(false);
  });
  it('for a file: app, trusts only that very file', () => {
    const file = 'file:///opt/showroom/out/renderer/index.html';
    expect(isTrustedSender('file:///opt/showroom/out/renderer/index.html#/x', file)).toBe(true);
    expect(isTrustedSender('file:///home/me/Downloads/evil.html', file)).toBe(false);
  });
});

describe('navigationDecision', () => {
  it('allows in-app navigation and denies leaving the app', () => {
    const app = 'showroom-app://app/index.html';
    expect(navigationDecision('showroom-app://app/index.html#/settings', app)).toBe('allow');
    expect(navigationDecision('https://portal.example/listing/1', app)).toBe('deny');
    expect(navigationDecision('javascript:alert(1)', app)).toBe('deny');
    expect(navigationDecision('file:///etc/passwd', app)).toBe('deny');
  });
});

describe('externalUrlDecision', () => {
  it('opens plain http and https pages', () => {
    for (const url of ['https://www.portal.example/anuncio/123', 'http://example.com', 'https://example.com/a?b=c#d', 'HTTPS://EXAMPLE.COM/']) {
      expect(externalUrlDecision(url)).toBe('open');
    }
  });
  it('denies every other scheme, credentials, whitespace tricks and non-strings', () => {
    const denied: unknown[] = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'file:///etc/passwd',
      'file://server/share/x.exe',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'ms-msdt:/id PCWDiagnostic',
      'search-ms:query=x',
      'smb://host/share',
      'mailto:a@b.c',
      'showroom-app://app/index.html',
      'https://user:pass@example.com/',
      'https://user@example.com/',
      'https://exa mple.com/',
      'https://example.com/\n',
      'http:/example.com',
      '//example.com',
      'example.com',
      '',
      `https://example.com/${'a'.repeat(5000)}`,
      undefined,
      null,
      42,
      { href: 'https://example.com' },
    ];
    for (const url of denied) expect(externalUrlDecision(url), String(url)).toBe('deny');
  });
});

describe('guardedOpenExternal', () => {
  it('opens web pages and refuses the rest with a tagged error', async () => {
    const opened: string[] = [];
    const open = guardedOpenExternal(async (url) => {
      opened.push(url);
    });
    await open('https://portal.example/listing/1');
    await expect(open('javascript:alert(1)')).rejects.toMatchObject({ kind: 'bad_input' });
    await expect(open('file:///etc/passwd')).rejects.toMatchObject({ kind: 'bad_input' });
    expect(opened).toEqual(['https://portal.example/listing/1']);
  });
});

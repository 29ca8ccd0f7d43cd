import { describe, expect, it } from 'vitest';
import { checkBaseUrl, isLoopbackHost } from '../../src/shared/base-url';

describe('checkBaseUrl', () => {
  it('accepts https and normalises the trailing slash', () => {
    expect(checkBaseUrl('https://api.portal.example/integration/v2/')).toEqual({
      ok: true,
      url: 'https://api.portal.example/integration/v2',
      warnings: [],
      pathWarning: false,
    });
    expect(checkBaseUrl('  HTTPS://API.Portal.example:443/integration/v2//  ')).toEqual({
      ok: true,
      url: 'https://api.portal.example/integration/v2',
      warnings: [],
      pathWarning: false,
    });
    expect(checkBaseUrl('https://api.portal.example:8443/integration/v2')).toMatchObject({ ok: true, url: 'https://api.portal.example:8443/integration/v2' });
  });

  it('allows plain http only for loopback', () => {
    for (const url of [
      'http://127.0.0.1:4010/integration/v2',
      'http://localhost:4010/integration/v2',
      'http://[::1]:4010/integration/v2',
      'http://127.8.9.10/integration/v2',
    ]) {
      expect(checkBaseUrl(url)).toMatchObject({ ok: true, warnings: [] });
    }
    for (const url of [
      'http://api.portal.example/integration/v2',
      'http://192.168.1.10/integration/v2',
      'http://128.0.0.1/integration/v2',
      'http://localhost.evil.example/integration/v2',
    ]) {
      const result = checkBaseUrl(url);
      expect(result.ok, url).toBe(false);
      if (!result.ok) expect(result.error).toMatch(/https:\/\//);
    }
  });

  it('warns (does not refuse) when the path is not …/integration/v2', () => {
    const result = checkBaseUrl('https://api.portal.example/');
    expect(result).toMatchObject({ ok: true, url: 'https://api.portal.example' });
    if (result.ok) expect(result.warnings[0]).toMatch(/integration\/v2/);
    expect(checkBaseUrl('https://api.portal.example/integration/v1')).toMatchObject({ ok: true, warnings: [expect.stringMatching(/integration\/v2/)] });
  });

  it.each([
    ['', /Enter the portal/],
    ['   ', /Enter the portal/],
    ['api.portal.example/integration/v2', /starting with https:\/\//],
    ['ftp://api.portal.example/integration/v2', /https:\/\/, not ftp:/],
    ['https://', /not a web address/],
    ['https://exa mple.com/x', /spaces/],
    ['https://user:pw@api.portal.example/integration/v2', /user name or password/],
    ['https://api.portal.example/integration/v2?token=abc', /“\?”/],
    ['https://api.portal.example/integration/v2#x', /“#”/],
    ['javascript:alert(1)', /starting with https/],
    ['https://[::1/integration/v2', /not a web address/],
  ])('refuses %j', (input, message) => {
    const result = checkBaseUrl(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['localhost', true],
    ['app.localhost', true],
    ['127.0.0.1', true],
    ['127.255.255.254', true],
    ['[::1]', true],
    ['[::ffff:7f00:1]', true],
    ['126.0.0.1', false],
    ['127.0.0.256', false],
    ['10.0.0.1', false],
    ['example.com', false],
    ['[::2]', false],
  ])('%s → %s', (host, expected) => expect(isLoopbackHost(host)).toBe(expected));
});

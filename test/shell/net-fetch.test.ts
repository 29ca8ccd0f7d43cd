// Electron's net.fetch errors, reshaped like Node's, are classified by the portal client as the
// same failures: checked with the client's own classifier.
import { describe, expect, it } from 'vitest';
import { classifyNetworkError } from '../../src/main/portal/errors';
import { electronFetch, nodeShapedError } from '../../src/main/shell/net-fetch';

const chromium = (name: string) => new Error(`net::${name}`);

describe('nodeShapedError', () => {
  it('a refused connection, a reset, a timeout: offline and worth a retry', () => {
    expect(classifyNetworkError(nodeShapedError(chromium('ERR_CONNECTION_REFUSED')))).toMatchObject({ kind: 'offline', code: 'ECONNREFUSED', transient: true });
    expect(classifyNetworkError(nodeShapedError(chromium('ERR_CONNECTION_RESET')))).toMatchObject({ kind: 'offline', code: 'ECONNRESET', transient: true });
    expect(classifyNetworkError(nodeShapedError(chromium('ERR_TIMED_OUT')))).toMatchObject({ kind: 'offline', code: 'ETIMEDOUT' });
  });

  it('an unknown host: offline, not worth a retry', () => {
    expect(classifyNetworkError(nodeShapedError(chromium('ERR_NAME_NOT_RESOLVED')))).toMatchObject({ kind: 'offline', code: 'ENOTFOUND', transient: false });
  });

  it('a certificate the OS does not trust (TLS inspection without its root installed): tls, not offline', () => {
    expect(classifyNetworkError(nodeShapedError(chromium('ERR_CERT_AUTHORITY_INVALID')))).toMatchObject({ kind: 'tls', code: 'ERR_CERT_AUTHORITY_INVALID' });
  });

  it('a proxy that fails keeps Chromium’s name for support', () => {
    expect(classifyNetworkError(nodeShapedError(chromium('ERR_PROXY_CONNECTION_FAILED')))).toMatchObject({
      kind: 'offline',
      code: 'ERR_PROXY_CONNECTION_FAILED',
    });
  });

  it('anything else passes through unchanged (an abort stays an abort)', () => {
    const abort = new DOMException('This operation was aborted', 'AbortError');
    expect(nodeShapedError(abort)).toBe(abort);
  });
});

describe('electronFetch', () => {
  it('passes URL objects as strings and reshapes rejections', async () => {
    const seen: unknown[] = [];
    const fetch = electronFetch(async (input) => {
      seen.push(input);
      throw chromium('ERR_CONNECTION_REFUSED');
    });
    const error = await fetch(new URL('https://portal.example/x')).catch((e: unknown) => e);
    expect(seen).toEqual(['https://portal.example/x']);
    expect(error).toBeInstanceOf(TypeError);
    expect(classifyNetworkError(error).code).toBe('ECONNREFUSED');
  });

  it('hands back the response as is', async () => {
    const response = new Response('{}', { status: 200 });
    expect(await electronFetch(async () => response)('https://portal.example/')).toBe(response);
  });
});

// Electron's net.fetch, shaped like Node's fetch where the portal client looks (portal/errors.ts
// classifies Node's errors: a TypeError whose cause carries a system code). Chromium rejects with
// "net::ERR_…" messages instead; without this, a refused connection or a bad certificate would not
// be told apart. Pure: index.ts passes in Electron's function.

/** Chromium's names for the failures Node reports with a system code the portal client knows. */
const NODE_CODES: Readonly<Record<string, string>> = {
  ERR_NAME_NOT_RESOLVED: 'ENOTFOUND',
  ERR_CONNECTION_REFUSED: 'ECONNREFUSED',
  ERR_CONNECTION_RESET: 'ECONNRESET',
  ERR_CONNECTION_CLOSED: 'ECONNRESET',
  ERR_CONNECTION_TIMED_OUT: 'ETIMEDOUT',
  ERR_TIMED_OUT: 'ETIMEDOUT',
  ERR_INTERNET_DISCONNECTED: 'ENETUNREACH',
  ERR_ADDRESS_UNREACHABLE: 'EHOSTUNREACH',
};

/**
 * A Chromium network error as Node's fetch would throw it: TypeError('fetch failed') caused by an
 * error with a `code` (ENOTFOUND…, or Chromium's own ERR_CERT_…, ERR_PROXY_CONNECTION_FAILED…).
 * Anything else (an abort, a programming error) is returned unchanged.
 */
export function nodeShapedError(error: unknown): unknown {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const chromium = /net::(ERR_[A-Z0-9_]+)/.exec(message)?.[1];
  if (!chromium) return error;
  const cause = Object.assign(new Error(message), { code: NODE_CODES[chromium] ?? chromium });
  return new TypeError('fetch failed', { cause });
}

type NetFetch = (input: string | Request, init?: RequestInit) => Promise<Response>;

export function electronFetch(netFetch: NetFetch): typeof globalThis.fetch {
  return async (input, init) => {
    try {
      return await netFetch(input instanceof URL ? input.href : input, init);
    } catch (error) {
      throw nodeShapedError(error);
    }
  };
}

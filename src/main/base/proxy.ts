// Which network path the portal client and the photo downloads take.
// - The Electron app: Chromium's network stack through Electron's net.fetch, which follows the OS
//   proxy settings (including PAC and WPAD) and trusts the OS certificate store (a company's TLS
//   inspection root). Node's fetch does neither: behind such a network every sync failed as "offline".
// - The command line and the browser shell (plain Node): Node's fetch, with the conventional
//   HTTPS_PROXY / HTTP_PROXY / NO_PROXY variables honoured through undici's EnvHttpProxyAgent
//   (Node's own fetch ignores them unless started with NODE_USE_ENV_PROXY=1).
// Pure: the Electron app and the Node processes build the fetch from this answer.
import type { Env } from './env';

export type ProxyChoice =
  /** Electron's net.fetch: the OS settings decide. */
  | { kind: 'system' }
  /** Node's fetch through the proxies the environment names. */
  | { kind: 'env'; httpProxy?: string; httpsProxy?: string; noProxy?: string }
  /** Node's fetch, straight to the host. */
  | { kind: 'direct' };

/** curl's rule, which undici follows: the lower-case variable wins over the upper-case one. */
function variable(env: Env, name: string): string | undefined {
  const value = env[name.toLowerCase()] ?? env[name.toUpperCase()];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export function proxyChoice(input: { runtime: 'electron' | 'node'; env: Env }): ProxyChoice {
  if (input.runtime === 'electron') return { kind: 'system' };
  const httpProxy = variable(input.env, 'http_proxy');
  const httpsProxy = variable(input.env, 'https_proxy');
  if (!httpProxy && !httpsProxy) return { kind: 'direct' };
  const noProxy = variable(input.env, 'no_proxy');
  return { kind: 'env', ...(httpProxy && { httpProxy }), ...(httpsProxy && { httpsProxy }), ...(noProxy && { noProxy }) };
}

/** For the logs: where requests go, without a password a proxy URL may carry. */
export function describeProxy(choice: ProxyChoice): string {
  if (choice.kind !== 'env') return choice.kind;
  const safe = (url: string | undefined) => {
    if (!url) return '-';
    try {
      const u = new URL(url);
      return `${u.protocol}//${u.host}`;
    } catch {
      return '(not a URL)';
    }
  };
  return `env http=${safe(choice.httpProxy)} https=${safe(choice.httpsProxy)} no_proxy=${choice.noProxy ?? '-'}`;
}

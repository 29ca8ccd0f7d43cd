// The renderer's Content-Security-Policy, sent as a response header (and mirrored by the
// renderer's meta tag). The renderer talks to main only through the bridge, so in Electron it
// needs no network at all: connect-src 'none'; images come from the photo protocol. In the
// browser shell the bridge is one WebSocket to the shell's own origin: connect-src names exactly
// that socket, and photos come from the same origin ('self').

import { PHOTO_SCHEME } from '../../shared/contract';

export { PHOTO_SCHEME };
export const APP_SCHEME = 'showroom-app';

export interface CspOptions {
  dev: boolean;
  /** The Vite dev server (electron-vite's ELECTRON_RENDERER_URL), needed in dev for HMR. */
  devServerUrl?: string;
  /** The browser shell's bridge socket (ws://127.0.0.1:<port>/bridge): the one address it may connect to. */
  bridgeUrl?: string;
}

function devOrigins(devServerUrl: string | undefined): string[] {
  if (!devServerUrl) return [];
  let url: URL;
  try {
    url = new URL(devServerUrl);
  } catch {
    return [];
  }
  // Only a loopback dev server: a dev build must not widen the policy to the network.
  if (!['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return [];
  const ws = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return [url.origin, `${ws}//${url.host}`];
}

export function cspDirectives({ dev, devServerUrl, bridgeUrl }: CspOptions): Record<string, string[]> {
  const dev_ = dev ? devOrigins(devServerUrl) : [];
  return {
    'default-src': ["'none'"],
    // Vite's dev server injects an inline module (React refresh preamble) and inline styles.
    'script-src': dev ? ["'self'", "'unsafe-inline'", ...dev_] : ["'self'"],
    'style-src': dev ? ["'self'", "'unsafe-inline'", ...dev_] : ["'self'"],
    'img-src': ["'self'", `${PHOTO_SCHEME}:`, 'data:'],
    'font-src': ["'self'"],
    'connect-src': dev ? ["'self'", ...dev_] : bridgeUrl ? [bridgeUrl] : ["'none'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'worker-src': ["'none'"],
    'media-src': ["'none'"],
    'manifest-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
}

export function contentSecurityPolicy(options: CspOptions): string {
  return Object.entries(cspDirectives(options))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * `session.webRequest.onHeadersReceived`: add our policy to the renderer's responses, replacing
 * any policy a server sent (header names are case-insensitive).
 */
export function withCspHeader(headers: Record<string, string[] | string> | undefined, policy: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'content-security-policy') continue;
    out[name] = Array.isArray(value) ? value : [value];
  }
  out['Content-Security-Policy'] = [policy];
  return out;
}

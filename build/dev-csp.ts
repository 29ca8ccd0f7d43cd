// In development the renderer comes from Vite's dev server, which needs an inline script (React
// refresh) and a websocket (hot reload) that the page's own CSP meta tag forbids. There the
// CSP comes from the response header main sets (src/main/shell/csp.ts, dev variant, which allows
// exactly the loopback dev server); the built app keeps both the meta tag and the header.
import type { Plugin } from 'vite';

const META_CSP = /[ \t]*<meta\s+http-equiv="Content-Security-Policy"[^>]*>\s*\n?/i;

export function withoutMetaCsp(html: string): string {
  return html.replace(META_CSP, '');
}

export function devCspFromHeaderOnly(): Plugin {
  return { name: 'showroom-dev-csp', apply: 'serve', transformIndexHtml: (html) => withoutMetaCsp(html) };
}

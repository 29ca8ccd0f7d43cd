// The app document as the browser shell serves it: the built index.html with one line more, the
// browser preload (out/renderer/bridge.js, built from src/preload/browser.ts), placed first in
// <head> so that it runs before the renderer's own module and `window.showroom` is there when
// the renderer starts, as the Electron preload makes it.

/** Where the build writes the browser preload (electron.vite.config.ts names it). */
export const BRIDGE_SCRIPT_PATH = '/bridge.js';
const TAG = `<script type="module" src="${BRIDGE_SCRIPT_PATH}"></script>`;

/** The document with the bridge script first in <head>; a document without <head> is refused. */
export function injectBridgeScript(html: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) throw new Error('The built index.html has no <head>: rebuild the renderer.');
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    ${TAG}${html.slice(at)}`;
}

export async function withBridgeScript(response: Response): Promise<Response> {
  const html = injectBridgeScript(await response.text());
  const headers = new Headers(response.headers);
  headers.set('Content-Length', String(Buffer.byteLength(html)));
  return new Response(html, { status: response.status, headers });
}

// Serves the renderer exactly as electron-vite built it (out/renderer) over loopback http, with
// the same handler and the same CSP header that the app's `showroom-app:` protocol uses.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createAppHandler } from '../../../src/main/shell/app-protocol';
import { contentSecurityPolicy } from '../../../src/main/shell/csp';

export const RENDERER_DIR = join(import.meta.dirname, '../../../out/renderer');

export interface RendererServer {
  origin: string;
  /** The app document, as the gate's trusted app URL. */
  appUrl: string;
  close(): Promise<void>;
}

export async function startRendererServer(root = RENDERER_DIR): Promise<RendererServer> {
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(`No built renderer in ${root}: run \`npx electron-vite build\` first (npm test does).`);
  }
  let origin = '';
  let handle: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
  const server: Server = createServer((req, res) => {
    const request = new Request(new URL(req.url ?? '/', origin), { method: req.method });
    handle(request)
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        if (response.body) Readable.fromWeb(response.body as NodeReadableStream).pipe(res);
        else res.end();
      })
      .catch(() => {
        res.writeHead(500).end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  handle = createAppHandler({ root, csp: contentSecurityPolicy({ dev: false }), origin });
  return {
    origin,
    appUrl: `${origin}/index.html`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

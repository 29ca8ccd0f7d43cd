// The `showroom-app:` protocol serves the built renderer (out/renderer) in the packaged app
// instead of file:, so the renderer has a real origin ("showroom-app://app"), file: stays closed,
// and every response carries our Content-Security-Policy header.
import { extname } from 'node:path';
import { containedPath } from '../base/contained-path';
import { APP_SCHEME } from './csp';
import { fileResponse, refused } from './file-response';

export { APP_SCHEME };
export const APP_HOST = 'app';
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

export interface AppHandlerOptions {
  /** The built renderer folder (out/renderer). */
  root: string;
  /** The Content-Security-Policy header value. */
  csp: string;
  /** Origin the handler answers for: `showroom-app://app` in Electron, the harness's origin in e2e. */
  origin?: string;
}

/** The relative file path a request asks for, or undefined. "/" is the app's index.html. */
export function appFilePath(url: string, origin = `${APP_SCHEME}://${APP_HOST}`): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.origin !== origin && `${parsed.protocol}//${parsed.host}` !== origin) return undefined;
  const path = parsed.pathname === '/' ? 'index.html' : parsed.pathname.slice(1);
  return path;
}

export function createAppHandler({ root, csp, origin }: AppHandlerOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refused(405, { Allow: 'GET, HEAD' });
    const rel = appFilePath(request.url, origin);
    const type = rel === undefined ? undefined : CONTENT_TYPES[extname(rel).toLowerCase()];
    const real = type === undefined ? undefined : await containedPath(root, rel);
    if (!real || !type) return refused(404);
    return fileResponse(real, type, request.method, {
      'Content-Security-Policy': csp,
      'Cache-Control': 'no-cache',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Referrer-Policy': 'no-referrer',
    });
  };
}

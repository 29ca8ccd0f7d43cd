// Web-standard Response helpers shared by the two protocol handlers (photos, the renderer's
// files). Web Request/Response are what Electron's protocol.handle speaks and what Node has
// natively, so the handlers run unchanged under Electron, in Vitest and in the e2e harness.
import { readFile } from 'node:fs/promises';

export function refused(status: 400 | 403 | 404 | 405, extra: Record<string, string> = {}): Response {
  return new Response(null, { status, headers: { 'Cache-Control': 'no-store', ...extra } });
}

export async function fileResponse(path: string, contentType: string, method: string, headers: Record<string, string> = {}): Promise<Response> {
  // Files are small (photos, bundles): reading them whole keeps the handler simple and gives
  // an exact Content-Length.
  const body = await readFile(path);
  return new Response(method === 'HEAD' ? null : body, {
    status: 200,
    headers: {
      'Content-Type': contentType,
      'Content-Length': String(body.byteLength),
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

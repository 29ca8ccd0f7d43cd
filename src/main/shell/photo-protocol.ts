// The `showroom-photo:` protocol: the renderer shows a cached picture with
// <img src="showroom-photo://photo/<opaqueId>">. The URL carries an opaque id, never a path; the
// photo cache resolves the id, and the file must be inside the cache folder. The browser shell's
// `/photo/<opaqueId>` route is this same handler under another base.
import { PHOTO_PROTOCOL_BASE, PHOTO_SCHEME, photoIdFromUrl, photoUrl } from '../../shared/photo-url';
import { containedPath } from '../base/contained-path';
import type { PhotoFile } from '../photos';
import { fileResponse, refused } from './file-response';

export { PHOTO_SCHEME, photoUrl };

/** Provided by the photo cache (src/main/cache): an opaque id to its cached file, if any. */
export type PhotoResolver = (id: string) => PhotoFile | undefined | Promise<PhotoFile | undefined>;

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/**
 * The opaque id in a photo URL (the contract's photoIdFromUrl), or undefined. The id is only a
 * lookup key for the cache, but control characters and absurd lengths are refused outright.
 */
export function parsePhotoUrl(url: string, base = PHOTO_PROTOCOL_BASE): string | undefined {
  const id = photoIdFromUrl(url, base);
  // eslint-disable-next-line no-control-regex -- control characters are what this check refuses
  if (id === null || id.length > 200 || /[\u0000-\u001f\u007f]/.test(id)) return undefined;
  return id;
}

export interface PhotoHandlerOptions {
  /** The photo cache folder. */
  root: string;
  resolve: PhotoResolver;
  /** Told why a request was refused (for the log); the renderer only sees a 404. */
  onRefused?: (reason: string, url: string) => void;
  /** What photo URLs start with: the protocol's (default), or the browser shell's origin + route. */
  base?: string;
}

export function createPhotoHandler({ root, resolve, onRefused, base }: PhotoHandlerOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refused(405, { Allow: 'GET, HEAD' });
    const id = parsePhotoUrl(request.url, base);
    if (id === undefined) {
      onRefused?.('malformed photo url', request.url);
      return refused(404);
    }
    let file: PhotoFile | undefined;
    try {
      file = await resolve(id);
    } catch {
      onRefused?.('photo resolver failed', request.url);
      return refused(404);
    }
    if (!file) return refused(404);
    if (!IMAGE_TYPES.has(file.contentType)) {
      onRefused?.(`not an image type: ${file.contentType}`, request.url);
      return refused(404);
    }
    const real = await containedPath(root, file.path);
    if (!real) {
      onRefused?.('photo path outside the cache folder or missing', request.url);
      return refused(404);
    }
    return fileResponse(real, file.contentType, request.method, { 'Cache-Control': 'no-cache' });
  };
}

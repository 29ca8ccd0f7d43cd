// How the renderer names a cached photo: an opaque id under a base that depends on the shell.
// Electron serves `showroom-photo://photo/<id>` through its privileged protocol; the browser shell
// serves the same ids from `/photo/<id>` on its own origin. Zod-free: the preloads import it.

export const PHOTO_SCHEME = 'showroom-photo';
/** The Electron app's photo URLs. */
export const PHOTO_PROTOCOL_BASE = `${PHOTO_SCHEME}://photo/`;
/** The browser shell's photo route, on the shell's own origin. */
export const PHOTO_ROUTE_BASE = '/photo/';

export function photoUrl(photoId: string, base = PHOTO_PROTOCOL_BASE): string {
  return base + encodeURIComponent(photoId);
}

/** The photo id of a URL (or path) under `base`, or null when it is not one of ours. */
export function photoIdFromUrl(url: string, base = PHOTO_PROTOCOL_BASE): string | null {
  if (!url.startsWith(base)) return null;
  const rest = url.slice(base.length).split(/[?#]/, 1)[0] ?? '';
  if (rest === '' || rest.includes('/')) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return null;
  }
}

// What the portal's queue worker does with each picture address of a write when it applies it:
// fetch it, and keep it only when it answers with an image (portal-notes.md: otherwise it is
// dropped, leaving a gap in `order`). The sandbox never leaves the machine: it fetches addresses
// on loopback (its own photo host included, so the photo faults apply) and answers the seeded
// dealer's photo host itself; any other host counts as unreachable, like one that does not resolve.
import { DEALER_PHOTO_HOST } from './generator';

/** Sent with the sandbox's own fetches, so that its photo host does not count them as a client's. */
export const SANDBOX_FETCH_HEADER = 'x-sandbox-fetch';

const FETCH_TIMEOUT_MS = 10_000;
const MAX_BYTES = 20 * 1024 * 1024;

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** JPEG, PNG, GIF or WebP, by their first bytes (a content type alone proves nothing). */
function looksLikeImage(bytes: Uint8Array): boolean {
  const at = (i: number): number => bytes[i] ?? -1;
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return true;
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return true;
  if (at(0) === 0x47 && at(1) === 0x49 && at(2) === 0x46 && at(3) === 0x38) return true;
  const ascii = (from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to));
  return bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
}

/** Whether `address` answers with an image, as the portal's worker would find when fetching it. */
export async function answersWithImage(address: string): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.hostname === DEALER_PHOTO_HOST) return true;
  if (!isLoopback(url.hostname)) return false;
  try {
    const res = await fetch(url, { redirect: 'manual', headers: { [SANDBOX_FETCH_HEADER]: '1' }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    const length = Number(res.headers.get('content-length') ?? 0);
    if (res.status !== 200 || !(res.headers.get('content-type') ?? '').startsWith('image/') || length > MAX_BYTES) {
      await res.body?.cancel();
      return false;
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    return bytes.length <= MAX_BYTES && looksLikeImage(bytes);
  } catch {
    return false;
  }
}

// Fetches one picture with ky: bounded time, a couple of retries for what is worth retrying
// (5xx, resets, timeouts), only image types, and a size cap enforced before and while reading.
// Every refusal is a PhotoDownloadError with a sentence for the dealer. Where a photo may come
// from (scheme, credentials, addresses, redirects) is address-policy.ts's rule: redirects are
// followed here, hop by hop, so that each one is checked.
import ky, { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import { isRefusedAddressError, refusedPhotoUrl, type PhotoHostPolicy } from './address-policy';
import { acceptedImageType, mediaType, sniffImageType, type ImageType } from './image-type';

export interface DownloadOptions {
  maxBytes: number;
  /** Per attempt, for the answer; and again for reading the body. */
  timeoutMs: number;
  /** Retries after the first attempt. */
  retries?: number;
  signal?: AbortSignal;
  /** Where photos may come from (see address-policy.ts). */
  policy: PhotoHostPolicy;
  /** Should check resolved addresses (address-policy.ts guardedFetch); the photo cache passes it. */
  fetch?: typeof globalThis.fetch;
}

/** Redirect hops followed for one photo. */
export const MAX_PHOTO_REDIRECTS = 5;

export interface DownloadedImage {
  bytes: Buffer;
  contentType: ImageType;
}

/**
 * transient: worth trying again at the next sync (offline, timeout, 5xx, cut-off body);
 * otherwise the host gave a definite answer (4xx, not a picture, too large).
 * unreachable: nothing answered (the host is down or the dealer is offline).
 */
export class PhotoDownloadError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly unreachable = false,
  ) {
    super(message);
    this.name = 'PhotoDownloadError';
  }
}

export class PhotoDownloadCancelled extends Error {
  constructor() {
    super('The photo download was cancelled.');
    this.name = 'PhotoDownloadCancelled';
  }
}

const mb = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;

export function tooLarge(size: number | null, maxBytes: number): PhotoDownloadError {
  const what = size === null ? 'larger than' : `${mb(size)}, over`;
  return new PhotoDownloadError(`The photo is too large to keep (${what} the ${mb(maxBytes)} limit).`, false);
}

/** A definite refusal of an address: not worth trying again until the portal sends another. */
function refused(why: string, redirected: boolean): PhotoDownloadError {
  return new PhotoDownloadError(`The photo ${redirected ? 'host redirected to' : 'address is'} ${why}, which Showroom does not download from.`, false);
}

function networkCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function refusedAddressIn(error: unknown) {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) if (isRefusedAddressError(e)) return e;
  return undefined;
}

function classify(error: unknown, signal: AbortSignal | undefined): Error {
  if (error instanceof PhotoDownloadError || error instanceof PhotoDownloadCancelled) return error;
  if (signal?.aborted) return new PhotoDownloadCancelled();
  const refusedAddress = refusedAddressIn(error);
  if (refusedAddress) return new PhotoDownloadError(`The photo host ${refusedAddress.message}, which Showroom does not download from.`, false);
  if (isHTTPError(error)) {
    const status = error.response.status;
    const transient = status >= 500 || status === 408 || status === 429;
    const why =
      status === 404 || status === 410
        ? ' (the photo is not on the portal any more)'
        : status >= 500
          ? ' (a problem on the photo host; tried again later)'
          : '';
    return new PhotoDownloadError(`The photo host answered HTTP ${status}${why}.`, transient);
  }
  if (isTimeoutError(error) || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))) {
    return new PhotoDownloadError('The photo took too long to download; it is tried again at the next sync.', true);
  }
  const code = networkCode(error);
  if (isNetworkError(error) || code !== undefined || error instanceof TypeError) {
    const unreachable =
      code === undefined || ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'].includes(code);
    return new PhotoDownloadError(
      unreachable
        ? `The photo host could not be reached (offline?${code ? ` ${code}` : ''}); it is tried again at the next sync.`
        : `The connection to the photo host broke${code ? ` (${code})` : ''}; it is tried again at the next sync.`,
      true,
      unreachable,
    );
  }
  return new PhotoDownloadError(`The photo could not be downloaded (${error instanceof Error ? error.message : String(error)}).`, true);
}

export async function downloadImage(source: string, options: DownloadOptions): Promise<DownloadedImage> {
  const { maxBytes, timeoutMs, signal } = options;
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    throw new PhotoDownloadError('The photo address is not a web address Showroom can download.', false);
  }
  const why = refusedPhotoUrl(url, options.policy);
  if (why !== undefined) throw refused(why, false);
  if (signal?.aborted) throw new PhotoDownloadCancelled();
  // One controller for the whole download: the caller's cancel, and the body-reading deadline.
  const controller = new AbortController();
  const forward = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forward, { once: true });
  let bodyTimer: ReturnType<typeof setTimeout> | undefined;
  try {
    const response = await followRedirects(url, options.policy, (hop) =>
      ky.get(hop, {
        signal: controller.signal,
        timeout: timeoutMs,
        retry: {
          limit: options.retries ?? 2,
          statusCodes: [408, 500, 502, 503, 504],
          afterStatusCodes: [503],
          maxRetryAfter: 5_000,
          backoffLimit: 2_000,
          retryOnTimeout: true,
          jitter: true,
        },
        headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9' },
        redirect: 'manual', // followRedirects checks each hop
        throwHttpErrors: (status) => status >= 400,
        fetch: options.fetch,
      }),
    );

    const declared = acceptedImageType(response.headers.get('content-type'));
    if (!declared) {
      await response.body?.cancel().catch(() => undefined);
      const got = mediaType(response.headers.get('content-type')) || 'no content type';
      throw new PhotoDownloadError(`The photo host sent something that is not a picture (${got}).`, false);
    }
    const announced = Number(response.headers.get('content-length'));
    if (Number.isFinite(announced) && announced > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge(announced, maxBytes);
    }
    if (!response.body) throw new PhotoDownloadError('The photo host sent an empty answer.', true);

    bodyTimer = setTimeout(() => controller.abort(new Error('body timeout')), timeoutMs);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(null, maxBytes);
      }
      chunks.push(value);
    }
    const bytes = Buffer.concat(chunks, total);
    if (bytes.length === 0) throw new PhotoDownloadError('The photo host sent an empty file.', true);
    const actual = sniffImageType(bytes);
    if (actual !== declared) {
      const was = actual ? `a ${actual.slice(6).toUpperCase()} file` : 'not an image';
      throw new PhotoDownloadError(`The file is not a valid ${declared.slice(6).toUpperCase()} picture (its contents are ${was}).`, false);
    }
    return { bytes, contentType: declared };
  } catch (error) {
    if (controller.signal.aborted && !signal?.aborted && !(error instanceof PhotoDownloadError)) {
      throw new PhotoDownloadError('The photo took too long to download; it is tried again at the next sync.', true);
    }
    throw classify(error, signal);
  } finally {
    if (bodyTimer) clearTimeout(bodyTimer);
    signal?.removeEventListener('abort', forward);
  }
}

/** Follows redirects one hop at a time, each target checked by the policy, at most MAX_PHOTO_REDIRECTS. */
async function followRedirects(first: URL, policy: PhotoHostPolicy, get: (url: URL) => Promise<Response>): Promise<Response> {
  let url = first;
  for (let hop = 0; ; hop++) {
    const response = await get(url);
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    if (location === null) return response;
    await response.body?.cancel().catch(() => undefined);
    if (hop + 1 > MAX_PHOTO_REDIRECTS)
      throw new PhotoDownloadError(`The photo host redirected more than ${MAX_PHOTO_REDIRECTS} times; Showroom stopped following.`, false);
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new PhotoDownloadError('The photo host redirected to something that is not an address.', false);
    }
    const why = refusedPhotoUrl(next, policy);
    if (why !== undefined) throw refused(why, true);
    url = next;
  }
}

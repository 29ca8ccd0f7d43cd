// Which pictures the cache accepts: the image types browsers show, declared by the photo host
// AND confirmed by the file's first bytes. A host that answers an HTML error page with status
// 200, or labels one format as another, is refused rather than trusted.

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

const EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/** Legacy names some hosts still send. */
const ALIASES: Record<string, ImageType> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

export function isImageType(value: unknown): value is ImageType {
  return typeof value === 'string' && (IMAGE_TYPES as readonly string[]).includes(value);
}

/** The media type of a Content-Type header ("image/jpeg; charset=…" → "image/jpeg"), lower case; '' when absent. */
export function mediaType(header: string | null | undefined): string {
  return (header ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

/** The accepted image type a Content-Type header names, or undefined. */
export function acceptedImageType(header: string | null | undefined): ImageType | undefined {
  const type = mediaType(header);
  const canonical = ALIASES[type] ?? type;
  return isImageType(canonical) ? canonical : undefined;
}

export function extensionFor(type: ImageType): string {
  return EXTENSIONS[type];
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));

/** The image type the first bytes of a file reveal (magic numbers), or undefined. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  // ISO-BMFF: [size]["ftyp"][major brand][minor version][compatible brands…]
  if (startsWith(bytes, ascii('ftyp'), 4) && bytes.length >= 16) {
    const boxSize = Math.min(((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0), bytes.length, 64);
    for (let at = 8; at + 4 <= boxSize; at += 4) {
      if (at === 12) continue; // minor version, not a brand
      if (startsWith(bytes, ascii('avif'), at) || startsWith(bytes, ascii('avis'), at)) return 'image/avif';
    }
  }
  return undefined;
}

import { describe, expect, it } from 'vitest';
import { acceptedImageType, sniffImageType } from '../../src/main/photos/image-type';
import { placeholderJpeg } from '../../src/sandbox/index';

const bytes = (...parts: Array<string | number[]>): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)));

describe('image types', () => {
  it('accepts only the image types browsers show, ignoring parameters and case', () => {
    expect(acceptedImageType('image/jpeg')).toBe('image/jpeg');
    expect(acceptedImageType('Image/JPEG; charset=binary')).toBe('image/jpeg');
    expect(acceptedImageType('image/jpg')).toBe('image/jpeg');
    expect(acceptedImageType('image/webp')).toBe('image/webp');
    expect(acceptedImageType('image/avif')).toBe('image/avif');
    for (const refused of ['text/html', 'image/svg+xml', 'image/tiff', 'application/octet-stream', '', null])
      expect(acceptedImageType(refused)).toBeUndefined();
  });

  it('recognises each format by its first bytes', () => {
    expect(sniffImageType(placeholderJpeg('x'))).toBe('image/jpeg');
    expect(sniffImageType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('image/png');
    expect(sniffImageType(bytes('GIF89a', [1, 0]))).toBe('image/gif');
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(bytes([0, 0, 0, 0x1c], 'ftyp', 'avif', [0, 0, 0, 0], 'mif1', 'miaf'))).toBe('image/avif');
    expect(sniffImageType(bytes([0, 0, 0, 0x1c], 'ftyp', 'mif1', [0, 0, 0, 0], 'miaf', 'avif'))).toBe('image/avif');
    expect(sniffImageType(bytes([0, 0, 0, 0x18], 'ftyp', 'isom', [0, 0, 0, 0], 'mp41'))).toBeUndefined();
    expect(sniffImageType(bytes('<!doctype html>'))).toBeUndefined();
    expect(sniffImageType(new Uint8Array())).toBeUndefined();
  });
});

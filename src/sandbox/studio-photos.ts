// The photo host's bytes in the 'studio' style: the SVG scene (studio-scene.ts) rendered to JPEG
// by sharp, kept in a small LRU so a listing opened twice costs one render. sharp is loaded on
// first use; where it cannot load, the caller serves the tiny placeholder instead.
import type SharpModule from 'sharp';
import { studioSvg, type PhotoSubject } from './studio-scene';

type Sharp = typeof SharpModule;

const CACHE_BYTES = 48 * 1024 * 1024;

let loading: Promise<Sharp | undefined> | undefined;

function loadSharp(): Promise<Sharp | undefined> {
  loading ??= import('sharp').then(
    (module) => module.default,
    () => undefined,
  );
  return loading;
}

export class StudioPhotos {
  private readonly cache = new Map<string, Buffer>();
  private bytes = 0;

  /** @param load how sharp is loaded (a test passes one that fails). */
  constructor(private readonly load: () => Promise<Sharp | undefined> = loadSharp) {}

  /** The JPEG of `subject`, or undefined when sharp cannot be loaded. */
  async render(subject: PhotoSubject): Promise<Buffer | undefined> {
    const key = `${subject.id}\u0000${subject.body}\u0000${subject.color}\u0000${subject.position}`;
    const hit = this.cache.get(key);
    if (hit) {
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const sharp = await this.load();
    if (!sharp) return undefined;
    const jpeg = await sharp(Buffer.from(studioSvg(subject)))
      .jpeg({ quality: 82 })
      .toBuffer();
    this.remember(key, jpeg);
    return jpeg;
  }

  private remember(key: string, jpeg: Buffer): void {
    this.cache.set(key, jpeg);
    this.bytes += jpeg.length;
    for (const [oldKey, old] of this.cache) {
      if (this.bytes <= CACHE_BYTES) break;
      this.cache.delete(oldKey);
      this.bytes -= old.length;
    }
  }
}

// A streaming ZIP file (the XLSX container): fflate writes the container (local headers, data
// descriptors, central directory), Node's zlib compresses. zlib's deflate runs in libuv's thread
// pool, so the next window of rows is read and turned into XML while the previous one compresses
// (fflate's own deflate would run on this thread, after the XML, not beside it), and zlib.crc32 is
// native. Entries are written one after another; the last one may be a stream of unknown length.
import { Writable } from 'node:stream';
import { crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import { Zip, ZipPassThrough, type ZipInputFile } from 'fflate';

/**
 * zlib's level 1: a fraction of the CPU of zlib's default level 6 for a file only somewhat larger
 * (docs/measurements.md). With the cells no longer costing seconds, compressing is a large part of
 * the export's CPU: on an idle machine it runs beside the reading on another core whatever the level,
 * but on a busy one (two shared cores here) every second of CPU counts, and a few MB more on a
 * local file cost the dealer nothing.
 */
const LEVEL = 1;

const ZIP32_MAX = 0xffff_ffff;

/** One deflated entry fed by writes: size and CRC counted as the text goes in, zlib's output handed to fflate. */
class DeflatedEntry implements ZipInputFile {
  readonly compression = 8; // deflate (APPNOTE 4.4.5)
  size = 0;
  crc = 0;
  ondata?: ZipInputFile['ondata'];
  readonly input: Writable;
  private readonly deflate: DeflateRaw;

  constructor(
    readonly filename: string,
    highWaterMark: number,
    out: Writable,
  ) {
    // One zlib job per window of rows (well under a MB of XML), answered in one output buffer.
    this.deflate = createDeflateRaw({ level: LEVEL, chunkSize: 256 * 1024 });
    this.deflate.on('data', (chunk: Buffer<ArrayBuffer>) => {
      this.ondata?.(null, chunk, false);
      // A slow disk holds the deflate, which holds our writes, which holds the reading of rows.
      if (out.writableNeedDrain) {
        this.deflate.pause();
        out.once('drain', () => this.deflate.resume());
      }
    });
    this.deflate.on('end', () => this.ondata?.(null, new Uint8Array(0), true));
    // Holds the XML the deflate has not taken yet, up to highWaterMark.
    this.input = new Writable({
      highWaterMark,
      write: (chunk: Buffer, _encoding, done) => {
        this.size += chunk.length;
        // fflate writes no ZIP64 records: past 4 GiB (some 3.8 million listings) the sizes would wrap.
        if (this.size > ZIP32_MAX) {
          done(new Error(`${filename} is over 4 GiB, more than a ZIP without ZIP64 records can hold`));
          return;
        }
        this.crc = crc32(chunk, this.crc);
        // Backpressure is the deflate's: this stream holds nothing itself.
        if (this.deflate.write(chunk)) done();
        else this.deflate.once('drain', () => done());
      },
      final: (done) => {
        this.deflate.end(() => done());
      },
      destroy: (error, done) => {
        // Once finished (it destroys itself then), the deflate still has the end of the text to give.
        if (!this.input.writableFinished) this.deflate.destroy(error ?? undefined);
        done(error);
      },
    });
    this.deflate.on('error', (error) => this.input.destroy(error));
  }
}

/** A ZIP written to `out` as entries are added; `finish` resolves once the central directory is handed to it. */
export class ZipWriter {
  private readonly zip: Zip;
  private failure: Error | null = null;
  private ended: Promise<void>;

  constructor(private readonly out: Writable) {
    let resolveEnd!: () => void;
    let rejectEnd!: (error: Error) => void;
    this.ended = new Promise((resolve, reject) => {
      resolveEnd = resolve;
      rejectEnd = reject;
    });
    this.ended.catch(() => undefined); // awaited in finish; a failure before then is kept, not unhandled
    this.zip = new Zip((error, chunk, final) => {
      if (error) {
        this.failure ??= error;
        rejectEnd(error);
        return;
      }
      out.write(chunk);
      if (final) resolveEnd();
    });
  }

  /** A small entry, written whole (stored uncompressed: it is a few hundred bytes). */
  addFile(filename: string, text: string): void {
    const entry = new ZipPassThrough(filename);
    this.zip.add(entry);
    entry.push(Buffer.from(text, 'utf8'), true);
  }

  /** A deflated entry written through the returned stream; end it before `finish`. */
  addStream(filename: string, highWaterMark: number): Writable {
    const entry = new DeflatedEntry(filename, highWaterMark, this.out);
    this.zip.add(entry);
    return entry.input;
  }

  /** Writes the central directory once every entry has ended. */
  async finish(): Promise<void> {
    if (this.failure) throw this.failure;
    this.zip.end();
    await this.ended;
  }
}

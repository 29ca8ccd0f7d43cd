// The in-memory search index (search-index.ts) kept in a file beside the cache, so an account
// opens with it instead of reading it again from FTS5 (seconds of one core on a large stock, while
// the dealer types the first words); loading it is far quicker (docs/measurements.md).
//
// The file holds the index and the stamp of the full-text index it was read from: the FTS5
// structure record (its segments and a write counter that every write to the index moves on) and
// its averages record (the number of listings and of words), with the schema's version. Any change
// to the searchable text, by any connection or process, on any day, gives another stamp; a file
// whose stamp is not the cache's as it is now is ignored (and replaced once the index is read
// again). A file that cannot be read back exactly (cut short, changed on disk: its CRC-32, lengths
// and offsets are checked) is ignored too: the search then runs in FTS5 until the index is read.
//
// Layout: a magic line, the header's length (u32 LE) and the header (JSON: stamp, counts, CRC),
// padding to 4 bytes, then the body: per term its first byte in the postings (n + 1 Int32 in the
// machine's order: x64 and arm64 alike are little-endian), the terms (UTF-8, separated by NUL) and
// the postings (search-index.ts' gaps, term after term).
import { isAscii } from 'node:buffer';
import { closeSync, fstatSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { z } from 'zod';
import type { Db } from './db';
import type { Generation } from './generation';
import { SearchIndex, TERM_SEPARATOR, type SavedSearchIndex } from './search-index';
import { PRIVATE_FILE_MODE } from '../base/private-files';

const MAGIC = Buffer.from('showroom search index 1\n', 'latin1');
/** The header is small (a stamp of a few hundred bytes): read with the magic in one go. */
const HEAD_BYTES = 64 * 1024;
// eslint-disable-next-line no-control-regex -- the test is for characters past ASCII
const NOT_ASCII = /[^\u0000-\u007f]/;

const Header = z.object({
  stamp: z.string(),
  terms: z.number().int().nonnegative(),
  termBytes: z.number().int().nonnegative(),
  postingsBytes: z.number().int().nonnegative(),
  crc: z.number().int().nonnegative(),
});
type Header = z.infer<typeof Header>;

/** `cache.sqlite` → `cache.search-index`, in the same folder; none for a database in memory. */
export function searchIndexFileFor(cacheFile: string): string | null {
  if (cacheFile === '' || cacheFile === ':memory:') return null;
  const ext = extname(cacheFile);
  return join(dirname(cacheFile), `${basename(cacheFile, ext)}.search-index`);
}

/** Deletes the saved index (the cache was cleared or rebuilt). */
export function removeSearchIndexFile(cacheFile: string): void {
  const file = searchIndexFileFor(cacheFile);
  if (file !== null) rmSync(file, { force: true });
}

export function savedSearchIndex(db: Db, generation: Generation, cacheFile: string): SavedSearchIndex | null {
  const file = searchIndexFileFor(cacheFile);
  if (file === null) return null;
  // The FTS5 records by their fixed ids (1: averages, 10: structure), and the schema's version.
  const stampSql =
    "SELECT (SELECT user_version FROM pragma_user_version) || ' ' || group_concat(id || '=' || hex(block), ' ') FROM vehicles_fts_data WHERE id IN (1, 10)";
  let statement: { get(): string | undefined } | null = null;
  /** The stamp of the text as `token` says it is, or null when another connection wrote meanwhile. */
  const stampAt = (token: string): string | null => {
    if (!generation.cacheable() || generation.token() !== token) return null;
    statement ??= db.prepare<[], string>(stampSql).pluck();
    const stamp = statement.get() ?? null;
    return generation.token() === token ? stamp : null;
  };
  return {
    load() {
      const token = generation.token();
      const stamp = stampAt(token);
      if (stamp === null) return null;
      const parts = readIndexFile(file, stamp);
      return parts === null ? null : new SearchIndex(token, parts.terms, new Int32Array(parts.terms.length), parts.from, parts.to, [parts.postings]);
    },
    save(index) {
      const stamp = stampAt(index.token);
      if (stamp === null) return;
      try {
        writeIndexFile(file, stamp, index);
      } catch {
        // A full disk or a read-only folder: the index is read again at the next start, as before.
      }
    },
  };
}

/** Writes the file whole, then puts it in place: a reader sees the old file or the new one. */
function writeIndexFile(file: string, stamp: string, index: SearchIndex): void {
  const parts = index.parts();
  if (parts === null) return;
  // A NUL in a term (the tokenizer keeps none) would make the file fail its check when read, and be read again from FTS5.
  const { terms, text, offsets, postings } = parts;
  // The terms are ASCII but for rare accented letters FTS5 does not fold: ASCII is copied as is, several times faster than UTF-8's encoder.
  const termBytes = Buffer.from(text, NOT_ASCII.test(text) ? 'utf8' : 'latin1');
  const offsetBytes = new Uint8Array(offsets.buffer, offsets.byteOffset, offsets.byteLength);
  const body = [offsetBytes, termBytes, ...postings];
  const crc = body.reduce((value, bytes) => crc32(bytes, value), 0);
  const header: Header = { stamp, terms: terms.length, termBytes: termBytes.length, postingsBytes: offsets[terms.length] as number, crc };
  const temp = `${file}.${String(process.pid)}.tmp`;
  try {
    // Piece by piece: the postings are never copied into one buffer.
    const fd = openSync(temp, 'w', PRIVATE_FILE_MODE);
    try {
      for (const bytes of [headBytes(header), ...body]) writeSync(fd, bytes);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
}

function headBytes(header: Header): Buffer {
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  const unpadded = MAGIC.length + 4 + json.length;
  return Buffer.concat([MAGIC, length, json, Buffer.alloc((4 - (unpadded % 4)) % 4)]);
}

interface IndexParts {
  terms: string[];
  from: Int32Array;
  to: Int32Array;
  postings: Uint8Array;
}

/** The file's index when its stamp is `stamp` and it reads back exactly; else null (missing, stale, cut short or changed). */
export function readIndexFile(file: string, stamp: string): IndexParts | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    const size = fstatSync(fd).size;
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
    readSync(fd, head, 0, head.length, 0);
    const header = parseHead(head);
    if (header === null || header.stamp !== stamp) return null;
    const start = headBytes(header).length;
    const offsetBytes = 4 * (header.terms + 1);
    const bodyBytes = offsetBytes + header.termBytes + header.postingsBytes;
    if (size !== start + bodyBytes) return null;
    // Memory of its own, from byte 0: the offsets are aligned for an Int32Array.
    const body = Buffer.from(new ArrayBuffer(bodyBytes));
    if (readSync(fd, body, 0, bodyBytes, start) !== bodyBytes) return null;
    if (crc32(body) !== header.crc) return null;
    const offsets = new Int32Array(body.buffer, body.byteOffset, header.terms + 1);
    for (let t = 0; t < header.terms; t++) if ((offsets[t] as number) > (offsets[t + 1] as number)) return null;
    if (offsets[0] !== 0 || offsets[header.terms] !== header.postingsBytes) return null;
    const termBytes = body.subarray(offsetBytes, offsetBytes + header.termBytes);
    const text = termBytes.toString(isAscii(termBytes) ? 'latin1' : 'utf8');
    const terms = header.terms === 0 ? [] : text.split(TERM_SEPARATOR);
    if (terms.length !== header.terms) return null;
    return {
      terms,
      from: offsets.subarray(0, header.terms),
      to: offsets.subarray(1),
      postings: body.subarray(offsetBytes + header.termBytes),
    };
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

function parseHead(head: Buffer): Header | null {
  if (head.length < MAGIC.length + 4 || !head.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const length = head.readUInt32LE(MAGIC.length);
  if (MAGIC.length + 4 + length > head.length) return null;
  try {
    const parsed = Header.safeParse(JSON.parse(head.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + length)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

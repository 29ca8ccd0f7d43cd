// Content-addressed photo files: `<dir>/<hh>/<sha256>.<ext>`, so identical bytes are stored once
// and a file name says nothing about where the picture came from. Paths kept in the database
// are relative to the photo folder, with '/' separators (the photo protocol's containment
// check refuses anything else).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, realpathSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { isProcessAlive } from '../locks/file-lock';
import { isPlainRelativePath } from '../base/contained-path';
import { extensionFor, type ImageType } from './image-type';
import { PRIVATE_FILE_MODE, ensurePrivateDir } from '../base/private-files';

export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function relativePathFor(hash: string, type: ImageType): string {
  return `${hash.slice(0, 2)}/${hash}.${extensionFor(type)}`;
}

/** A file written next to its final name, not yet visible under it. */
export interface StagedFile {
  relativePath: string;
  hash: string;
  commit(): void;
  discard(): void;
}

/**
 * Writes the bytes to a temporary file in the final folder. `commit()` (synchronous, so nothing
 * can run between the check and the rename) renames it into place, or drops it when the same
 * content is already stored.
 */
export async function stageFile(dir: string, bytes: Uint8Array, type: ImageType): Promise<StagedFile> {
  const hash = contentHash(bytes);
  const relativePath = relativePathFor(hash, type);
  const finalPath = join(dir, ...relativePath.split('/'));
  await ensurePrivateDir(join(dir, hash.slice(0, 2)));
  // The writer's pid in the name: a file left by a killed process is known as such (removeLeftovers).
  const temp = join(dir, hash.slice(0, 2), `.${hash}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(temp, bytes, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  let settled = false;
  const discard = () => {
    if (settled) return;
    settled = true;
    try {
      unlinkSync(temp);
    } catch {
      /* already gone */
    }
  };
  return {
    relativePath,
    hash,
    commit() {
      if (settled) return;
      if (existsSync(finalPath)) {
        discard();
        return;
      }
      renameSync(temp, finalPath);
      settled = true;
    },
    discard,
  };
}

/** Deletes a stored file (synchronously, see stageFile); a missing file is fine. */
export function deleteFile(dir: string, relativePath: string): void {
  if (!isPlainRelativePath(relativePath)) return;
  try {
    unlinkSync(join(dir, ...relativePath.split('/')));
  } catch {
    /* already gone */
  }
}

/**
 * The real path of a stored file when it is a regular file inside `dir` (symlinks followed);
 * undefined for anything else: a tampered path, a file outside the folder, a missing file.
 */
export function containedFile(dir: string, relativePath: string): string | undefined {
  if (!isPlainRelativePath(relativePath)) return undefined;
  try {
    const root = realpathSync(dir);
    const real = realpathSync(join(root, ...relativePath.split('/')));
    if (!real.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined;
    return statSync(real).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}

/** Removes everything in the photo folder (the folder itself stays). */
export async function emptyFolder(dir: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return;
  }
  await Promise.all(entries.map((name) => rm(join(dir, name), { recursive: true, force: true })));
}

const TEMP_NAME = /^\.[0-9a-f]{64}\.(?:(\d+)-)?[0-9a-f]+\.tmp$/;

/**
 * Removes partial downloads a killed process left behind (`.<hash>.<pid>-<random>.tmp`): those
 * whose writer no longer runs, and older ones without a pid. Another live process's downloads
 * (the app and the command line share the folder) are left alone. Returns how many went.
 */
export function removeLeftovers(dir: string): number {
  let removed = 0;
  let subdirs: string[];
  try {
    subdirs = readdirSync(dir).filter((name) => /^[0-9a-f]{2}$/.test(name));
  } catch {
    return 0;
  }
  for (const sub of subdirs) {
    let names: string[];
    try {
      names = readdirSync(join(dir, sub));
    } catch {
      continue;
    }
    for (const name of names) {
      const match = TEMP_NAME.exec(name);
      if (!match) continue;
      const pid = match[1] === undefined ? undefined : Number(match[1]);
      if (pid !== undefined && (pid === process.pid || isProcessAlive(pid))) continue;
      try {
        unlinkSync(join(dir, sub, name));
        removed++;
      } catch {
        /* gone already */
      }
    }
  }
  return removed;
}

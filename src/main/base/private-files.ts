// Everything Showroom keeps on disk is the dealer's alone: the stock, prices, plates, queued
// changes, photos, logs, exports in progress, the browser window's profile. Where file modes
// apply (not on Windows, whose folders under the profile are private already), every folder it
// creates is 0700 and every file 0600 — another account on the machine (an old Debian home is
// 0755; a --data-dir anywhere) reads none of it — and what an earlier version created looser is
// tightened when it is opened. Every place that creates a file or folder goes through here or
// passes these modes.
import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, statSync, type Dirent } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const modesApply = process.platform !== 'win32';
const LOOSE = 0o077;
const STICKY = 0o1000;

const codeOf = (error: unknown) => (error instanceof Error && 'code' in error ? error.code : undefined);
/** Gone meanwhile, or not ours to change: what can be made private is. */
const ignorable = (error: unknown) => codeOf(error) === 'ENOENT' || codeOf(error) === 'EPERM';

/** `dir`, then each folder above it up to `root` (inclusive); only `dir` without a root or outside it. */
function chain(dir: string, root: string | undefined): string[] {
  const start = resolve(dir);
  const folders = [start];
  if (root === undefined) return folders;
  const top = resolve(root);
  const rel = relative(top, start);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return folders;
  for (let at = dirname(start); ; at = dirname(at)) {
    folders.push(at);
    if (at === top || dirname(at) === at) break;
  }
  return folders;
}

/**
 * Open to others and not a shared folder: a sticky folder (/tmp, /var/tmp) is everyone's by design,
 * never Showroom's own even when given as the data folder, and closing it would break the machine.
 */
const tooOpen = (mode: number): boolean => (mode & LOOSE) !== 0 && (mode & STICKY) === 0;

function tightenSync(path: string, mode: number): void {
  try {
    if (tooOpen(statSync(path).mode)) chmodSync(path, mode);
  } catch (error) {
    if (!ignorable(error)) throw error;
  }
}

async function tighten(path: string, mode: number): Promise<void> {
  try {
    if (tooOpen((await stat(path)).mode)) await chmod(path, mode);
  } catch (error) {
    if (!ignorable(error)) throw error;
  }
}

/**
 * Creates `dir` (and missing folders above it) 0700, and tightens `dir` and the folders above it
 * up to `root` — Showroom's own — when an earlier version left them open to others.
 */
export async function ensurePrivateDir(dir: string, root?: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!modesApply) return;
  for (const folder of chain(dir, root)) await tighten(folder, PRIVATE_DIR_MODE);
}

/** ensurePrivateDir, for the places that must not wait (the logger, a lock, the photo cache's start). */
export function ensurePrivateDirSync(dir: string, root?: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!modesApply) return;
  for (const folder of chain(dir, root)) tightenSync(folder, PRIVATE_DIR_MODE);
}

/** Tightens files an earlier version left open to others (0644); missing ones are skipped. */
export function tightenFilesSync(files: readonly string[]): void {
  if (!modesApply) return;
  for (const file of files) tightenSync(file, PRIVATE_FILE_MODE);
}

/**
 * Tightens what an earlier version left open directly inside `dir` (files 0600, folders 0700;
 * not deeper: a folder made private keeps others out of everything below it). A missing folder
 * is left missing.
 */
export function tightenEntriesSync(dir: string): void {
  if (!modesApply) return;
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if (ignorable(error)) return;
    throw error;
  }
  tightenSync(dir, PRIVATE_DIR_MODE);
  for (const entry of entries) {
    if (entry.isDirectory()) tightenSync(join(dir, entry.name), PRIVATE_DIR_MODE);
    else if (entry.isFile()) tightenSync(join(dir, entry.name), PRIVATE_FILE_MODE);
  }
}

/**
 * A SQLite database file and its companions, before SQLite opens it: created empty and 0600 when
 * missing (SQLite would create it 0644, and gives its -wal, -shm and -journal the database file's
 * mode), tightened when an earlier version left it or them open.
 */
export function preparePrivateDatabaseFile(file: string): void {
  if (file === '' || file === ':memory:') return;
  try {
    closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  } catch (error) {
    // A folder that is missing or cannot be written: SQLite says so the way the dealer is told (db.ts).
    if (['ENOENT', 'EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EISDIR'].includes(String(codeOf(error)))) return;
    throw error;
  }
  tightenFilesSync(['', '-wal', '-shm', '-journal'].map((suffix) => file + suffix));
}

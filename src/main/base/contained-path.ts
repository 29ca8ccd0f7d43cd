// Every file the shell serves (photos, the renderer's own files) goes through this check: the
// candidate is a path relative to a root folder, and the real file (symlinks followed) must be
// inside that folder. Anything doubtful is refused, not repaired.
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, posix, resolve, sep, win32 } from 'node:path';

/** Lexical checks only: no I/O. Exported for tests and for callers that want a quick refusal. */
export function isPlainRelativePath(candidate: unknown): candidate is string {
  if (typeof candidate !== 'string' || candidate === '' || candidate.length > 1024) return false;
  if (candidate.includes('\0')) return false;
  // Backslashes are separators on Windows; percent signs mean someone tried URL-encoding a
  // separator or a dot through. Our file names never contain either.
  if (candidate.includes('\\') || candidate.includes('%')) return false;
  if (isAbsolute(candidate) || posix.isAbsolute(candidate) || win32.isAbsolute(candidate)) return false;
  // A drive-relative Windows path ("C:photo.jpg") or an alternate data stream ("a.jpg:x").
  if (candidate.includes(':')) return false;
  const segments = candidate.split('/');
  return segments.every((s) => s !== '..' && s !== '.' && s !== '');
}

/**
 * The real path of `candidate` (relative to `root`) when it is a regular file inside `root`
 * after resolving symlinks; otherwise undefined.
 */
export async function containedPath(root: string, candidate: unknown): Promise<string | undefined> {
  if (!isPlainRelativePath(candidate)) return undefined;
  try {
    const realRoot = await realpath(root);
    const real = await realpath(resolve(realRoot, candidate));
    if (!real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep)) return undefined;
    const info = await stat(real);
    return info.isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}

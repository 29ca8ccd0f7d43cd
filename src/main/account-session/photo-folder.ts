// Photo caches used to live with the account's data (`<dataDir>/accounts/<id>/photos`), which is
// roamed on Windows and backed up on macOS. They now live in the OS cache folder (see
// shell/profile.ts). An account opened for the first time after the change brings its photos along:
// a rename, instant on the same disk. The photos are a cache: when they cannot follow (another disk)
// they are dropped and downloaded again as they are shown; the database keeps no absolute path
// (files.ts), and a row whose file is missing is downloaded again (photos/index.ts).
import { access, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { ensurePrivateDir } from '../base/private-files';

/** With an account's data (accounts.remove --delete-data), its photo cache goes too, wherever it is. */
export async function deletePhotoCache(photosDir: string): Promise<void> {
  await rm(photosDir, { recursive: true, force: true });
}

export type PhotoFolderOutcome = 'nothing' | 'moved' | 'dropped' | 'left';

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/**
 * Moves the legacy photo folder `from` to `to`. 'dropped': it could not be moved (another disk)
 * or `to` already holds photos, so the old copy was deleted; 'left': it could not be moved nor
 * deleted now (a file in use on Windows), and the next opening tries again. Never throws.
 */
export async function adoptLegacyPhotos(from: string, to: string): Promise<PhotoFolderOutcome> {
  if (resolve(from) === resolve(to)) return 'nothing';
  if (
    !(await access(from).then(
      () => true,
      () => false,
    ))
  )
    return 'nothing';
  try {
    await ensurePrivateDir(dirname(to));
    // An empty target (created by an earlier start) gives way; one with photos keeps them.
    await rmdir(to).catch((error: unknown) => {
      if (code(error) !== 'ENOENT') throw error;
    });
    await rename(from, to);
    return 'moved';
  } catch (error) {
    if (code(error) === 'ENOENT') return 'nothing';
    try {
      await rm(from, { recursive: true, force: true });
      return 'dropped';
    } catch {
      return 'left';
    }
  }
}

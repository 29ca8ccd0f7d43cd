// An account's cache as files, for what happens while it is closed: clearing it (the dealer asked:
// the inventory, photos, runs and queued writes go) and rebuilding a damaged one (what only exists
// here is kept; see cache/rebuild.ts). The app and the CLI both do it through these.
import { rm } from 'node:fs/promises';
import { localFileFor } from '../cache/local';
import { rebuildCacheFile } from '../cache/rebuild';
import { removeSearchIndexFile } from '../cache/search-index-file';
import { emptyFolder } from '../photos/files';
import { lockSync, type SyncHolder } from '../sync/lock';
import type { AccountPaths } from './paths';

/** Deletes the cache database, its queued-writes file, its saved search index and the photo cache. The session must be closed. */
export async function clearCacheFiles(paths: AccountPaths): Promise<void> {
  for (const file of [paths.cacheFile, localFileFor(paths.cacheFile)]) {
    for (const suffix of ['', '-wal', '-shm', '-journal']) await rm(file + suffix, { force: true });
  }
  removeSearchIndexFile(paths.cacheFile);
  await rm(paths.photosDir, { recursive: true, force: true });
}

/** Replaces a damaged cache with an empty one, keeping what only exists here. The session must be closed. */
export async function rebuildCacheFiles(paths: AccountPaths, holder: SyncHolder): Promise<ReturnType<typeof rebuildCacheFile>> {
  // No sync (here or in another process) may write the file while it is replaced.
  const lock = await lockSync(paths.cacheFile, holder);
  try {
    const result = rebuildCacheFile(paths.cacheFile);
    await emptyFolder(paths.photosDir);
    return result;
  } finally {
    await lock?.release();
  }
}

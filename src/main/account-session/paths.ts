// Where one account's data lives: its database in the data folder, its photos in the OS cache folder.
import { join } from 'node:path';
import type { AccountStore } from '../accounts';

export interface AccountPaths {
  /** `<dataDir>/accounts/<id>/` (the account store's folder). */
  folder: string;
  cacheFile: string;
  /** `<cacheDir>/accounts/<id>/photos`: the OS cache folder, not roamed nor backed up (shell/profile.ts). */
  photosDir: string;
  /** The folder of Showroom's own that the photo cache sits in (the OS cache folder's profile, or the account's folder): made private down to photosDir. */
  photosRoot?: string;
  /** Where the photos were kept before they moved to the cache folder (see photo-folder.ts). */
  legacyPhotosDir: string;
}

/** `cacheDir` defaults to the data folder (tests, a chosen profile folder). */
export function accountPaths(accounts: Pick<AccountStore, 'dataFolder'>, accountId: string, cacheDir?: string): AccountPaths {
  const folder = accounts.dataFolder(accountId);
  const legacyPhotosDir = join(folder, 'photos');
  const photosDir = cacheDir === undefined ? legacyPhotosDir : join(cacheDir, 'accounts', accountId, 'photos');
  return { folder, cacheFile: join(folder, 'cache.sqlite'), photosDir, photosRoot: cacheDir ?? folder, legacyPhotosDir };
}

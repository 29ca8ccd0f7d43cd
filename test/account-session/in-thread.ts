// An account session opened in this thread over a cache seeded by the test (no portal: nothing is
// synced), closed and removed after the test. `clock`: the cache's, for tests that move time by hand.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAccountSession, type AccountSession } from '../../src/main/account-session';
import { silentLogger } from '../../src/main/base/logger';
import { openCache, type Cache } from '../../src/main/cache';
import type { Clock } from '../../src/main/cache/clock';

export async function sessionOver(seed: (cache: Cache) => void, cleanups: Array<() => Promise<void> | void>, clock?: Clock): Promise<AccountSession> {
  const dir = mkdtempSync(join(tmpdir(), 'showroom-session-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const folder = join(dir, 'accounts', 'a1');
  const cacheFile = join(folder, 'cache.sqlite');
  mkdirSync(folder, { recursive: true });
  const seeded = openCache(cacheFile, clock === undefined ? {} : { clock });
  seed(seeded);
  seeded.close();
  const session = await openAccountSession(
    {
      accountId: 'a1',
      baseUrl: 'http://127.0.0.1:9',
      settings: { photos: 'covers', photoBudgetMB: 50 },
      paths: { folder, cacheFile, photosDir: join(dir, 'photos'), legacyPhotosDir: join(folder, 'photos') },
      holder: 'the app',
    },
    { integrationToken: async () => 'unused', log: silentLogger, clock },
  );
  cleanups.push(() => session.close());
  return session;
}

// A damaged cache, as the dealer meets it (issue 12, defect 3): the app starts on an account whose
// local copy was damaged on disk, with an unpublish still queued. The banner says what happened
// and what a rebuild keeps; Rebuild brings every listing back from the portal and sends the queue.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createAccountStore } from '../../src/main/accounts';
import { openCache } from '../../src/main/cache';
import { createPortalClient } from '../../src/main/portal';
import { createSyncEngine } from '../../src/main/sync';
import { damageTable } from '../cache/helpers';
import { expect, test as base } from './fixtures';
import { button, resultCount, waitForSyncs, words } from './helpers';

const VEHICLES = 40;

// The data folder is prepared before the backend starts: one synced account, one queued unpublish, then damage.
const test = base.extend<{ queued: { reference: string } }>({
  sandboxOptions: { vehicles: VEHICLES, seed: 12 },
  queued: [{ reference: '' }, { option: true }],
  dataDir: async ({ sandbox, keychain, queued }, use, testInfo) => {
    const dataDir = testInfo.outputPath('userData');
    const accounts = createAccountStore({ dataDir, keychain });
    const { account } = await accounts.add({ name: 'Loja Danificada', baseUrl: sandbox.baseUrl, integrationToken: sandbox.integrationToken });
    mkdirSync(accounts.dataFolder(account.id), { recursive: true });
    const cacheFile = join(accounts.dataFolder(account.id), 'cache.sqlite');
    const cache = openCache(cacheFile);
    const engine = createSyncEngine({ cache, portal: createPortalClient({ baseUrl: sandbox.baseUrl, integrationToken: sandbox.integrationToken }) });
    await engine.run({ kind: 'full' });
    queued.reference = sandbox.data.list().find((v) => v.publication !== null)?.reference ?? '';
    sandbox.faults.set({ errorRates: { 503: 1 } });
    await engine.request('unpublish', [queued.reference]);
    sandbox.faults.clear();
    cache.close();
    damageTable(cacheFile, 'vehicles');
    await use(dataDir);
  },
});

test('a damaged cache shows the banner; Rebuild keeps the queued unpublish and reads every listing again', async ({ app, sandbox, queued }) => {
  const { page } = app;
  const t = words();
  const banner = page.getByRole('alert').filter({ hasText: t('cacheHealth.damagedTitle'), has: button(page, t('cacheHealth.rebuild')) });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('queued unpublishes are kept');
  // The inventory's reads all fail for that one reason: it is said once, not once per read.
  await expect(page.getByRole('alert').filter({ hasText: t('errors.kind.database') })).toHaveCount(1);
  await app.screen('cache-damaged');

  await button(banner, t('cacheHealth.rebuild')).click();
  await expect(page.getByRole('status').filter({ hasText: t('cacheHealth.rebuilt', { count: 1, runs: 0 }).split(' and ')[0] ?? '' })).toBeVisible();
  await waitForSyncs(app, 1);
  await expect(banner).toHaveCount(0);
  await expect.poll(() => resultCount(page)).toBe(VEHICLES);
  // The queued unpublish reached the portal with the rebuild's sync.
  expect(sandbox.data.get(queued.reference)?.publication ?? null).toBeNull();
});

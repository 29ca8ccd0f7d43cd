/* eslint-disable no-empty-pattern -- Playwright reads a fixture's dependencies from its destructured first argument; `{}` means none. */
// What issue 11 fixed in the shell, in the real app: quitting closes the database before the
// process ends; a development run keeps its own profile, with photos in the OS cache folder.
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { demoSynced, launchShowroom } from './launch';

test('quitting waits for the database: no write-ahead log is left behind', async ({}, testInfo) => {
  const launched = await launchShowroom(testInfo);
  const accountId = await demoSynced(launched.window);
  await launched.app.close();
  const folder = join(launched.userData, 'accounts', accountId);
  expect(existsSync(join(folder, 'cache.sqlite'))).toBe(true);
  // SQLite checkpoints and deletes the WAL when its last connection closes cleanly.
  expect(existsSync(join(folder, 'cache.sqlite-wal'))).toBe(false);
});

test('a run from the sources uses the development profile, with photos in the OS cache folder', async ({}, testInfo) => {
  const home = testInfo.outputPath('home');
  const config = join(home, 'config');
  const cache = join(home, 'cache');
  mkdirSync(home, { recursive: true });
  // No chosen folder: the profile rule decides (SHOWROOM_USER_DATA_DIR='' counts as unset).
  const launched = await launchShowroom(testInfo, {
    userData: join(config, 'Showroom (development)'),
    env: { SHOWROOM_USER_DATA_DIR: '', HOME: home, XDG_CONFIG_HOME: config, XDG_CACHE_HOME: cache },
  });
  try {
    const accountId = await demoSynced(launched.window);
    expect(await launched.app.evaluate(({ app }) => app.getPath('userData'))).toBe(join(config, 'Showroom (development)'));
    expect(existsSync(join(config, 'Showroom (development)', 'accounts', accountId, 'cache.sqlite'))).toBe(true);
    expect(readdirSync(join(cache, 'Showroom (development)', 'accounts', accountId, 'photos')).length).toBeGreaterThan(0);
    expect(existsSync(join(config, 'Showroom'))).toBe(false);
  } finally {
    await launched.app.close();
  }
});

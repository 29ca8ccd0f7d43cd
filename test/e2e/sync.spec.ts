// Sync shows its progress as it goes and can be cancelled without losing the previous snapshot.
import { expect, test } from './fixtures';
import { button, connectAndSync, navButton, resultCount, syncProgress, topBarButton, words } from './helpers';

test.use({ sandboxOptions: { vehicles: 1_000 } });

const t = words('en');

test('progress streams to the screen, and Cancel stops the sync', async ({ app, sandbox }) => {
  test.setTimeout(240_000);
  const { page } = app;
  await connectAndSync(app, sandbox);
  const before = await resultCount(page);
  expect(before).toBe(1_000);

  // The portal's rate limit holds the sync until the dealer has cancelled: three requests in a
  // ten-minute window, so after the plan and the first pages the sync waits for the window, however
  // long the screenshot and its accessibility check take. (A held request would not do: the app
  // gives up on a request after 20 s; time queued behind the rate limit is not counted.)
  sandbox.rateLimit.set({ limit: 3, windowMs: 10 * 60_000 });
  await button(page, t('sync.full')).click();
  await expect(syncProgress(page)).toBeVisible();
  await expect(syncProgress(page)).toContainText(t('sync.phase.pages'));
  await app.screen('sync-in-progress');
  await button(page, t('sync.cancel')).click();
  await expect(topBarButton(page, t('sync.button'))).toBeVisible({ timeout: 30_000 });
  sandbox.rateLimit.set(false);
  expect(app.events.filter((e) => e.event === 'sync.progress').length).toBeGreaterThan(0);
  const finished = app.events.filter((e) => e.event === 'sync.finished').at(-1)?.payload as { outcome?: string } | undefined;
  expect(finished?.outcome).toBe('cancelled');
  // The inventory from the last complete pass is still all there.
  expect(await resultCount(page)).toBe(before);
  await navButton(page, 'history').click();
  // The newest run, first in the table, says it was cancelled.
  const runs = page.getByRole('table').getByRole('row');
  await expect(runs.nth(1)).toContainText(t('sync.outcome.cancelled'));
});

// Sync shows its progress as it goes and can be cancelled without losing the previous snapshot.
import { expect, test } from './fixtures';
import { connectAndSync, resultCount } from './helpers';

test.use({ sandboxOptions: { vehicles: 1_000 } });

test('progress streams to the screen, and Cancel stops the sync', async ({ app, sandbox }) => {
  test.setTimeout(240_000);
  const { page } = app;
  await connectAndSync(app, sandbox);
  const before = await resultCount(page);
  expect(before).toBe(1_000);

  // A slow portal, so the next sync is still running when the dealer cancels it.
  sandbox.faults.set({ latencyMs: 400 });
  await page.getByTestId('sync-full-button').click();
  await expect(page.getByTestId('sync-progress')).toBeVisible();
  await expect(page.getByTestId('sync-progress')).toHaveAttribute('data-phase', /outbox|plan|pages|photos/);
  await app.screen('sync-in-progress');
  await page.getByTestId('sync-cancel').click();
  await expect(page.getByTestId('sync-button')).toBeVisible({ timeout: 30_000 });
  expect(app.events.filter((e) => e.event === 'sync.progress').length).toBeGreaterThan(0);
  const finished = app.events.filter((e) => e.event === 'sync.finished').at(-1)?.payload as { outcome?: string } | undefined;
  expect(finished?.outcome).toBe('cancelled');
  // The inventory from the last complete pass is still all there.
  expect(await resultCount(page)).toBe(before);
  await page.getByTestId('nav-history').click();
  await expect(page.getByTestId('history-run').first()).toHaveAttribute('data-outcome', 'cancelled');
});

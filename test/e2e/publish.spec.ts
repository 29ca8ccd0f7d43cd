// Publish again and highlight in the app: unpublish then publish again (pending until a sync reads
// it, then credited to the dealer in the history), and a highlight the plan has no room for —
// explained in the dialog, with no request sent.
import { expect, test } from './fixtures';
import { button, connectAndSync, openVehicle, syncNow, words } from './helpers';

test.use({ sandboxOptions: { vehicles: 60, seed: 5 } });

const t = words('en');

test('unpublish, then publish again: the room is said first; pending until a sync reads it', async ({ app, sandbox }) => {
  const { page } = app;
  await connectAndSync(app, sandbox);
  const target = sandbox.data.list().find((v) => v.publication !== null && v.active)!;

  let detail = await openVehicle(page, target.reference);
  await button(detail, t('detail.request.unpublish')).click();
  await button(page.getByRole('dialog'), t('requestDialog.unpublish.confirm', { count: 1 })).click();
  sandbox.data.applyQueue();
  await page.getByRole('button', { name: t('detail.back') }).click();
  await syncNow(app);
  expect(sandbox.data.get(target.reference)?.publication).toBeNull();

  detail = await openVehicle(page, target.reference);
  await button(detail, t('detail.request.publish')).click();
  const dialog = page.getByRole('dialog', { name: t('requestDialog.publish.title', { count: 1 }) });
  const room = dialog.getByTestId('plan-room');
  await expect(room).toBeVisible();
  expect(Number(await room.getAttribute('data-left'))).toBeGreaterThan(0);
  await button(dialog, t('requestDialog.publish.confirm', { count: 1 })).click();
  await expect(detail).toContainText(t('detail.request.pending', { action: t('detail.request.publish') }));
  expect(sandbox.stats.count('POST /publications/:reference')).toBe(1);

  sandbox.data.applyQueue();
  await page.getByRole('button', { name: t('detail.back') }).click();
  await syncNow(app);
  expect(sandbox.data.get(target.reference)?.publication).not.toBeNull();
  detail = await openVehicle(page, target.reference);
  await expect(detail).toContainText(t('detail.state.on'));
  await expect(detail.locator('[data-change="appeared"]').last()).toContainText(t('detail.by.here'));
});

test('a highlight the plan has no room for is explained before any request, with a way to free room', async ({ app, sandbox }) => {
  const { page } = app;
  const highlighted = sandbox.data.list().filter((v) => v.publication?.highlighted === true).length;
  sandbox.data.setPlan({ highlightsQuantity: highlighted });
  await connectAndSync(app, sandbox);
  const target = sandbox.data.list().find((v) => v.publication !== null && !v.publication.highlighted)!;

  const detail = await openVehicle(page, target.reference);
  await button(detail, t('detail.request.highlight')).click();
  const dialog = page.getByRole('dialog', { name: t('requestDialog.highlight.title', { count: 1 }) });
  await expect(dialog.getByRole('alert')).toHaveText(t('requestDialog.highlightsNone', { limit: highlighted }));
  await expect(button(dialog, t('requestDialog.highlight.confirm', { count: 1 }))).toHaveCount(0);
  await app.screen('highlight-no-room');
  await button(dialog, t('requestDialog.freeRoom')).click();
  await expect(dialog).toBeHidden();
  expect(sandbox.stats.count('PUT /publications/:reference')).toBe(0);
});

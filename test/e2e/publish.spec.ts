// Publish again and highlight in the app: unpublish then publish again (pending until a sync reads
// it, then credited to the dealer in the history); a highlight the plan has no room for —
// explained in the dialog, with no request sent, and "free room" showing the highlighted listings;
// and a highlight the portal refuses — on the row's badges and in Needs attention with its fix.
import { expect, test } from './fixtures';
import { button, connectAndSync, inventoryRow, openFilters, openVehicle, resultCount, searchBox, syncNow, words } from './helpers';

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
  // The inventory, showing what frees a highlight: the highlighted listings (the filter says so).
  await expect(searchBox(page)).toHaveValue('');
  await expect.poll(() => resultCount(page)).toBe(highlighted);
  const panel = await openFilters(page);
  await expect(panel.getByRole('combobox', { name: t('filters.highlighted'), exact: true })).toHaveValue('yes');
  await app.screen('free-highlight-room');
});

test('a highlight the portal refuses: its badge on the inventory row, and in Needs attention with its reason and fix', async ({ app, sandbox }) => {
  const { page } = app;
  const highlighted = () => sandbox.data.list().filter((v) => v.publication?.highlighted === true).length;
  sandbox.data.setPlan({ highlightsQuantity: highlighted() + 1 });
  await connectAndSync(app, sandbox);
  // The last highlight taken behind the app's back: its copy of the plan still shows one left.
  sandbox.data.setPlan({ highlightsQuantity: highlighted() });
  const target = sandbox.data.list().find((v) => v.publication !== null && !v.publication.highlighted)!;

  const detail = await openVehicle(page, target.reference);
  await button(detail, t('detail.request.highlight')).click();
  const dialog = page.getByRole('dialog', { name: t('requestDialog.highlight.title', { count: 1 }) });
  await button(dialog, t('requestDialog.highlight.confirm', { count: 1 })).click();
  await expect(dialog).toBeHidden();
  await expect(detail.locator('[data-request="highlight"]').first()).toContainText(/refused by the portal: .+/);
  expect(sandbox.stats.count('PUT /publications/:reference')).toBe(1);
  await expect(detail.locator('[data-request="highlight"][data-status="refused"]')).toBeVisible();
  await app.screen('highlight-refused-detail');

  await page.getByRole('button', { name: t('detail.back') }).click();
  const row = inventoryRow(page, target.reference);
  // The badge, then (for screen readers; a tooltip on screen) why, with the portal's message.
  await expect(row.locator('[data-request="highlight"][data-status="refused"]')).toHaveText(
    new RegExp(`^${t('badges.request.highlight.refused')}: .*No highlights available`),
  );
  await app.screen('highlight-refused-row');

  const nav = page.getByRole('navigation').getByRole('button', { name: new RegExp(`^${t('nav.attention')} \\d+$`) });
  await nav.click();
  const section = page.getByRole('region', { name: `${t('codes.attentionReason.highlightRefused')} (1)` });
  await expect(section).toContainText(t('codes.attentionFix.highlightRefused'));
  await expect(section.locator(`[data-reference="${target.reference}"]`)).toBeVisible();
  await app.screen('highlight-refused-attention');
});

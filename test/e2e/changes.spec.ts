// What a sync changed, listing by listing, as the dealer meets it (issue 13, part 3): after a sync
// that changed a price, saw a listing dropped by the plan and one removed, the notice offers the
// listings; the history lists them with what changed, one click opens a listing, and the inventory
// filters to "changed in the last sync".
import { expect, test } from './fixtures';
import { connectAndSync, inventoryRows, navButton, openFilters, planDropsListings, resultCount, syncNow, vehicleDetail, words } from './helpers';

const t = words('en');

// No listing-address delay: every edit would otherwise hide the address for 45 minutes.
test.use({ sandboxOptions: { vehicles: 30, urlDelayMs: 0 } });

test('a plan-limit drop, a price change and a removal appear in what changed; a listing opens from there', async ({ app, sandbox }) => {
  const { page } = app;
  await connectAndSync(app, sandbox);
  const published = sandbox.data.list().filter((v) => v.publication !== null);
  const [priced, gone] = published;
  if (!priced || !gone) throw new Error('the seed has too few published listings');
  sandbox.clock.advance(1_000);
  sandbox.data.upsert({ reference: priced.reference, value: 123_456 });
  sandbox.data.remove(gone.reference);
  const droppedAll = planDropsListings(sandbox);
  const [dropped] = droppedAll as [(typeof droppedAll)[number]];

  await syncNow(app, { full: true });
  // The notice after the sync offers the listings it changed (the first sync's has nothing to offer).
  await page.getByRole('button', { name: t('codes.changes.show'), exact: true }).click();
  // The history opens with that run's list in its row (the last run's card then shows none twice).
  await expect(page.getByRole('button', { name: t('history.hideListings'), exact: true })).toHaveCount(1);
  // The newest run, first in the table.
  await expect(
    page
      .getByRole('table')
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: t('history.hideListings'), exact: true }),
  ).toBeVisible();
  const changes = page.getByTestId('run-changes');
  await expect(changes).toHaveCount(1);
  await expect(changes).toContainText(`${t('codes.changes.dropped')} (${droppedAll.length})`);
  await expect(changes.locator(`[data-reference="${dropped.reference}"]`)).toContainText(
    `${t('codes.changeFields.portal')}: ${t('codes.changes.yes')} → ${t('codes.changes.no')}`,
  );
  await expect(changes.locator(`[data-reference="${priced.reference}"]`)).toContainText('→ R$123,456');
  await expect(changes.locator(`[data-reference="${gone.reference}"]`)).toContainText(gone.title ?? '');
  await app.screen('history-what-changed');

  await changes.getByRole('button', { name: new RegExp(`^${priced.reference} · `) }).click();
  await expect(vehicleDetail(page, priced.title ?? '')).toContainText(priced.reference);

  await navButton(page, 'inventory').click();
  const panel = await openFilters(page);
  await panel.getByLabel(t('filters.changedLastSync'), { exact: true }).selectOption('yes');
  // The changed price and what the plan dropped (the removed listing is gone).
  const changed = new Set([priced.reference, ...droppedAll.map((v) => v.reference)]).size;
  await expect.poll(() => resultCount(page)).toBe(changed);
  await expect(inventoryRows(page)).toHaveCount(changed);
});

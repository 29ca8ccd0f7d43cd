// Needs attention as the dealer meets it (issue 13, part 4): after a sync in which the plan dropped
// a listing, the navigation counts the listings that need the dealer; the screen shows the drop
// under "Dropped by the plan" with its fix, a rejected photo under its reason, and a listing opens
// from there. The inventory filters by first reason.
import { expect, test } from './fixtures';
import { connectAndSync, inventoryRows, navButton, openFilters, planDropsListings, resultCount, syncNow, vehicleDetail, words } from './helpers';

const t = words('en');

// No listing-address delay: every edit would otherwise hide the address for 45 minutes.
test.use({ sandboxOptions: { vehicles: 30, urlDelayMs: 0 } });

test('a plan-limit drop and rejected photos appear in Needs attention with their fixes; the count is in the navigation', async ({ app, sandbox }) => {
  const { page } = app;
  await connectAndSync(app, sandbox);
  const dropped = planDropsListings(sandbox);
  const [first] = dropped as [(typeof dropped)[number]];
  const rejected = sandbox.data.list().filter((v) => v.pictures.some((p, i) => p.order !== i + 1));
  await syncNow(app, { full: true });

  const nav = page.getByRole('navigation').getByRole('button', { name: new RegExp(`^${t('nav.attention')} \\d+$`) });
  await expect(nav).toBeVisible();
  await nav.click();
  await expect(nav).toHaveAttribute('aria-current', 'page');
  const drops = page.getByRole('region', { name: `${t('codes.attentionReason.droppedByPlan')} (${dropped.length})` });
  await expect(drops).toContainText(t('codes.attentionFix.droppedByPlan'));
  await expect(drops.locator(`[data-reference="${first.reference}"]`)).toBeVisible();
  if (rejected.length > 0) {
    const photos = page.getByRole('region', { name: new RegExp(`^${t('codes.attentionReason.rejectedPhotos')} \\(\\d+\\)$`) });
    await expect(photos).toContainText(t('codes.attentionFix.rejectedPhotos'));
  }
  await app.screen('needs-attention');

  await drops.getByRole('button', { name: new RegExp(`^${first.reference} · `) }).click();
  await expect(vehicleDetail(page, first.title ?? '')).toContainText(first.reference);

  await navButton(page, 'inventory').click();
  const panel = await openFilters(page);
  await panel
    .getByRole('group', { name: t('filters.attention') })
    .getByRole('checkbox', { name: new RegExp(`^${t('codes.attentionReason.droppedByPlan')}`) })
    .check();
  await expect.poll(() => resultCount(page)).toBe(dropped.length);
  await expect(inventoryRows(page)).toHaveCount(dropped.length);
});

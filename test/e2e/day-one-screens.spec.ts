// What a new dealer sees on day one, at 1366×768 in both languages (issue 32): the demo's studio
// photos, a listing off the portal with its reason and next step, and Needs attention with the
// listings off the portal for no reason Showroom knows. Screenshots in test-results/screens.
import { expect, test } from './fixtures';
import { button, openFilters, openVehicle, photoButtons, showInLanguage, startDemoAndSync, words } from './helpers';

test.use({ sandboxOptions: { vehicles: 120, photos: 'studio' }, viewport: { width: 1366, height: 768 } });

test('studio photos, an off-portal listing’s reason and next step, and Needs attention, in both languages', async ({ app, demoSandboxes }) => {
  test.setTimeout(300_000);
  const { page } = app;
  await startDemoAndSync(app);
  // The demo's own portal (started with this file's sandboxOptions). Its seed leaves every 12th
  // listing off the portal: active, never seen on it.
  const stock = demoSandboxes[0]?.data.list() ?? [];
  const off = stock.find((v) => v.publication === null && v.active);
  const on = stock.find((v) => v.publication !== null && v.pictures.length > 3);
  if (!off || !on) throw new Error('the seed has no active listing off the portal');

  for (const lang of ['en', 'pt-BR'] as const) {
    const t = words(lang);
    await showInLanguage(app, lang);

    const detail = await openVehicle(page, on.reference, lang);
    const first = photoButtons(detail, lang).first().locator('img');
    await expect(first).toBeVisible();
    await expect.poll(() => first.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThanOrEqual(1024);
    await app.screen('day-one-vehicle-studio-photos', lang);
    await photoButtons(detail, lang).nth(1).click();
    const viewer = page.getByRole('dialog');
    await expect
      .poll(() =>
        viewer
          .locator('img')
          .first()
          .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBeGreaterThanOrEqual(1024);
    await app.screen('day-one-photo-viewer', lang);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: t('detail.back') }).click();

    await openVehicle(page, off.reference, lang);
    await expect(page.getByText(t('detail.state.off', { reason: t('badges.reason.unknown') }), { exact: true })).toBeVisible();
    await expect(page.getByTestId('next-step')).toHaveText(/.+/);
    await expect(button(page, t('detail.request.publish'))).toBeVisible();
    await app.screen('day-one-off-portal-detail', lang);
    await page.getByRole('button', { name: t('detail.back') }).click();

    await openFilters(page, lang);
    await app.screen('day-one-filters', lang);

    await page
      .getByRole('navigation')
      .getByRole('button', { name: new RegExp(`^${t('attention.title')}`) })
      .click();
    const section = page.getByRole('region', { name: new RegExp(`^${t('codes.attentionReason.offPortal')}`) });
    await expect(section).toBeVisible();
    await expect(section.locator('[data-reference]').filter({ hasText: off.reference })).toHaveCount(1);
    await app.screen('day-one-attention', lang);
  }
});

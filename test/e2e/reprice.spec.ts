// Reprice… on the inventory at a 1366×768 laptop, against the sandbox: a rule on a filtered view,
// previewed (captured in both languages, checked with axe), confirmed, sent, then confirmed by a
// sync; the same saved offline and sent once online; a batch taken back before it was sent.
import type { Locator, Page } from '@playwright/test';
import { makeFormatters } from '../../src/shared/i18n/format';
import { expect, test } from './fixtures';
import { button, connectAndSync, inventoryRows, searchBox, showInLanguage, syncNow, usedCarOnPortal, words, type Lang } from './helpers';

/** The view filtered by the car's reference typed in the search box, then Reprice… opened on it. */
async function openReprice(page: Page, search: string, lang: Lang): Promise<Locator> {
  const t = words(lang);
  await searchBox(page, lang).fill(search);
  await expect(inventoryRows(page)).toHaveCount(1);
  await button(page, t('repriceDialog.button')).click();
  const dialog = page.getByRole('dialog', { name: t('repriceDialog.title', { count: 1, n: '1' }) });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Types `-5%` rounded to end in 990, and waits for the preview's line of `reference`. */
async function typeRule(dialog: Locator, lang: Lang, reference: string): Promise<Locator> {
  const t = words(lang);
  await dialog.getByLabel(t('repriceDialog.byLabel'), { exact: true }).fill('-5%');
  await dialog.getByLabel(t('repriceDialog.round'), { exact: true }).selectOption('990');
  const line = dialog.locator(`tr[data-reference="${reference}"]`);
  await expect(line).toBeVisible();
  return line;
}

const nearest990 = (price: number): number => Math.max(1, Math.round((price + 10) / 1000)) * 1000 - 10;

test.describe('Reprice… against the sandbox', () => {
  test.use({ sandboxOptions: { vehicles: 40, seed: 5 } });

  test('a rule on a filtered view: previewed in both languages, confirmed, sent, confirmed by a sync', async ({ app, sandbox }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await page.setViewportSize({ width: 1366, height: 768 });
    await connectAndSync(app, sandbox);
    const car = usedCarOnPortal(sandbox, 20_000);
    const expected = nearest990(car.value * 0.95);

    for (const lang of ['pt-BR', 'en'] as const) {
      const t = words(lang);
      await showInLanguage(app, lang);
      const dialog = await openReprice(page, car.reference, lang);
      const line = await typeRule(dialog, lang, car.reference);
      await expect(line).toContainText(makeFormatters(lang).money(expected));
      await expect(dialog.getByTestId('reprice-summary')).toContainText(t('codes.reprice.changed', { count: 1 }));
      await app.screen('reprice-preview', lang);
      if (lang === 'pt-BR') await button(dialog, t('common.cancel')).click();
    }

    const t = words('en');
    const dialog = page.getByRole('dialog', { name: t('repriceDialog.title', { count: 1, n: '1' }) });
    await button(dialog, t('repriceDialog.confirm', { count: 1, n: '1' })).click();
    const batch = dialog.getByTestId('reprice-batch');
    await expect(batch).toHaveAttribute('data-waiting', '1');
    await button(dialog, t('repriceDialog.sendNow')).click();
    await expect(batch).toHaveAttribute('data-sent', '1', { timeout: 120_000 });
    await sandbox.data.settle();
    expect(sandbox.data.get(car.reference)?.value).toBe(expected);
    await button(dialog, t('common.close')).click();
    await syncNow(app);
    const changes = await app.invoke('changes.pending', {});
    expect(changes.ok && changes.value).toEqual([]);
  });

  test('saved offline and sent once online; a batch taken back before it was sent', async ({ app, sandbox }) => {
    test.setTimeout(240_000);
    const { page } = app;
    const t = words('en');
    await connectAndSync(app, sandbox);
    const car = usedCarOnPortal(sandbox, 20_000);
    sandbox.faults.set({ resetRate: 1 });

    // Offline: saved, the list shows the new price, nothing reaches the portal.
    let dialog = await openReprice(page, car.reference, 'en');
    await typeRule(dialog, 'en', car.reference);
    await button(dialog, t('repriceDialog.confirm', { count: 1, n: '1' })).click();
    await expect(dialog.getByTestId('reprice-batch')).toHaveAttribute('data-waiting', '1');
    await button(dialog, t('repriceDialog.discard', { count: 1, n: '1' })).click();
    await expect(dialog.getByTestId('reprice-batch')).toHaveAttribute('data-waiting', '0');
    await button(dialog, t('common.close')).click();
    let pending = await app.invoke('changes.pending', {});
    expect(pending.ok && pending.value).toEqual([]);

    dialog = await openReprice(page, car.reference, 'en');
    await typeRule(dialog, 'en', car.reference);
    await button(dialog, t('repriceDialog.confirm', { count: 1, n: '1' })).click();
    await expect(dialog.getByTestId('reprice-batch')).toHaveAttribute('data-waiting', '1');
    await button(dialog, t('common.close')).click();
    pending = await app.invoke('changes.pending', {});
    expect(pending.ok && pending.value.map((c) => [c.reference, c.kind])).toEqual([[car.reference, 'edit']]);
    expect(sandbox.data.get(car.reference)?.value).toBe(car.value);

    // Online again: the next sync sends it; the portal applies it; a later sync confirms it.
    sandbox.faults.clear();
    await syncNow(app);
    await sandbox.data.settle();
    expect(sandbox.data.get(car.reference)?.value).toBe(nearest990(car.value * 0.95));
    await syncNow(app);
    pending = await app.invoke('changes.pending', {});
    expect(pending.ok && pending.value).toEqual([]);
  });
});

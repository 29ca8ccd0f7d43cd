// Hostile text from the portal (HTML and script in titles and descriptions, javascript: URLs)
// is shown as text and never run, and a javascript: listing URL is never opened.
import { expect, test } from './fixtures';
import { connectAndSync, inventoryRow, openVehicle, searchBox, words } from './helpers';

const PAYLOAD_TITLE = '<img src=x onerror="globalThis.__pwned=1">Civic <b>bold</b>';
const PAYLOAD_DESCRIPTION = '<script>globalThis.__pwned=2</script><a href="javascript:globalThis.__pwned=3">click</a>';

const t = words('en');

test('HTML and script in listings are text; javascript: URLs are not opened', async ({ app, sandbox }) => {
  const { page } = app;
  sandbox.data.upsert(
    { reference: 'HOSTILE-1', title: PAYLOAD_TITLE, description: PAYLOAD_DESCRIPTION, url: 'javascript:globalThis.__pwned=4' },
    { urlReady: true },
  );
  await connectAndSync(app, sandbox);

  await searchBox(page).fill('HOSTILE-1');
  await expect(inventoryRow(page, 'HOSTILE-1')).toContainText('<img src=x onerror=');
  const detail = await openVehicle(page, 'HOSTILE-1');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('<b>bold</b>');
  await expect(detail).toContainText('<script>');
  await app.screen('hostile-text');

  // A javascript: address is shown as text, with no button to open it; main would refuse it too.
  await expect(detail.getByText(t('detail.urlNotWeb', { url: 'javascript:globalThis.__pwned=4' }))).toBeVisible();
  await expect(detail.getByRole('button', { name: t('detail.openListing') })).toHaveCount(0);
  const refused = await app.invoke('shell.openListing', { url: 'javascript:globalThis.__pwned=4' });
  expect(refused.ok).toBe(false);
  expect(app.openedExternally).toEqual([]);
  expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await detail.locator('script, img[src="x"]').count()).toBe(0);
});

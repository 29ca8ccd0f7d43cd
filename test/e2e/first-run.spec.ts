// First run: a wrong token is refused precisely; the right one connects, is saved and syncs.
import { expect, test } from './fixtures';
import { anyOf, button, fillConnectForm, inventoryRows, saveAccountAndWaitForFirstSync, words } from './helpers';

const t = words('en');

test('a wrong token is refused, then the right one connects', async ({ app, sandbox }) => {
  const { page } = app;
  await fillConnectForm(page, sandbox, 'not-the-token');
  await button(page, t('connect.test')).click();
  await expect(page.getByRole('status').filter({ hasText: t('connect.outcome.token_refused') })).toBeVisible();
  await app.screen('first-run-token-refused');

  await page.getByLabel(t('connect.token'), { exact: true }).fill(sandbox.integrationToken);
  await button(page, t('connect.test')).click();
  await expect(page.getByRole('status').filter({ hasText: t('connect.outcome.connectedNoPlan') })).toBeVisible();
  await app.screen('first-run-connected');

  await saveAccountAndWaitForFirstSync(app);
  await expect(page.getByRole('banner')).toContainText('Auto Center Test');
  await expect(inventoryRows(page).first()).toBeVisible();
  // The token never reaches the page again once saved.
  expect(await page.content()).not.toContain(sandbox.integrationToken);
});

test('an address that is not the portal says so', async ({ app, sandbox }) => {
  const { page } = app;
  await fillConnectForm(page, { baseUrl: `${sandbox.origin}/not-the-api` }, sandbox.integrationToken);
  await button(page, t('connect.test')).click();
  await expect(page.getByRole('status').filter({ hasText: anyOf(t('connect.outcome.not_a_portal'), t('connect.outcome.token_refused')) })).toBeVisible();
});

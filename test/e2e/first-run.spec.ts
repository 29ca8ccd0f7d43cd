// First run: a wrong token is refused precisely; the right one connects, is saved and syncs.
import { expect, test } from './fixtures';
import { fillConnectForm, saveAccountAndWaitForFirstSync } from './helpers';

test('a wrong token is refused, then the right one connects', async ({ app, sandbox }) => {
  const { page } = app;
  await fillConnectForm(page, sandbox, 'not-the-token');
  await page.getByTestId('test-connection').click();
  await expect(page.getByTestId('connection-result')).toHaveAttribute('data-outcome', 'token_refused');
  await app.screen('first-run-token-refused');

  await page.getByTestId('token-input').fill(sandbox.integrationToken);
  await page.getByTestId('test-connection').click();
  await expect(page.getByTestId('connection-result')).toHaveAttribute('data-outcome', 'connected');
  await app.screen('first-run-connected');

  await saveAccountAndWaitForFirstSync(app);
  await expect(page.getByTestId('account-name')).toHaveText('Auto Center Test');
  await expect(page.getByTestId('inventory-row').first()).toBeVisible();
  // The token never reaches the page again once saved.
  expect(await page.content()).not.toContain(sandbox.integrationToken);
});

test('an address that is not the portal says so', async ({ app, sandbox }) => {
  const { page } = app;
  await fillConnectForm(page, { baseUrl: `${sandbox.origin}/not-the-api` }, sandbox.integrationToken);
  await page.getByTestId('test-connection').click();
  await expect(page.getByTestId('connection-result')).toHaveAttribute('data-outcome', /not_a_portal|token_refused/);
});

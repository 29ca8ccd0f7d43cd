// The integration token refused mid-session: the app says so and asks for a new one.
import { expect, test } from './fixtures';
import { connectAndSync, syncNow } from './helpers';

test('a token revoked on the portal is reported and can be replaced', async ({ app, sandbox, secrets }) => {
  const { page } = app;
  await connectAndSync(app, sandbox);
  const fresh = sandbox.auth.rotateIntegrationToken();
  secrets.add(fresh);
  sandbox.auth.revokeJwts();

  await syncNow(app);
  await expect(page.getByTestId('token-refused-banner')).toBeVisible();
  expect(app.events.some((e) => e.event === 'auth.tokenRefused')).toBe(true);
  await app.screen('token-refused');

  await page.getByTestId('nav-settings').click();
  await page.getByTestId('replace-token').click();
  await page.getByTestId('replace-token-dialog').getByTestId('token-input').fill(fresh);
  await page.getByTestId('replace-token-save').click();
  await expect(page.getByTestId('token-refused-banner')).toHaveCount(0);
  await page.getByTestId('nav-inventory').click();
  await syncNow(app);
  await expect(page.getByTestId('token-refused-banner')).toHaveCount(0);
});

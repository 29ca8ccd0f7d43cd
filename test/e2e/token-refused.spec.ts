// The integration token refused mid-session: the app says so and asks for a new one.
import { expect, test } from './fixtures';
import { button, connectAndSync, navButton, syncNow, words } from './helpers';

const t = words('en');

test('a token revoked on the portal is reported and can be replaced', async ({ app, sandbox, secrets }) => {
  const { page } = app;
  await connectAndSync(app, sandbox);
  const fresh = sandbox.auth.rotateIntegrationToken();
  secrets.add(fresh);
  sandbox.auth.revokeJwts();

  await syncNow(app);
  // The banner (the failed sync's notice says the same): the alert that offers a new token.
  const banner = page.getByRole('alert').filter({ has: button(page, t('tokenRefused.action')) });
  await expect(banner).toBeVisible();
  expect(app.events.some((e) => e.event === 'auth.tokenRefused')).toBe(true);
  await app.screen('token-refused');

  await navButton(page, 'settings').click();
  await button(page, t('settings.replaceToken')).click();
  const dialog = page.getByRole('dialog', { name: t('settings.replaceTokenTitle') });
  await dialog.getByLabel(t('connect.token'), { exact: true }).fill(fresh);
  await button(dialog, t('common.save')).click();
  await expect(banner).toHaveCount(0);
  await navButton(page, 'inventory').click();
  await syncNow(app);
  await expect(banner).toHaveCount(0);
});

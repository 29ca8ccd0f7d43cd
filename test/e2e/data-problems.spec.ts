// Items the portal sends without a usable reference (issue 12, defect 1) as the dealer meets
// them: the inventory keeps every listing, and the sync history says what could not be read.
import { expect, test } from './fixtures';
import { connectAndSync, navButton, resultCount, syncNow, words } from './helpers';

const t = words('en');

test.use({ sandboxOptions: { vehicles: 30 } });

test('an unidentifiable item removes no listing and shows in the sync history', async ({ app, sandbox }) => {
  const { page } = app;
  await connectAndSync(app, sandbox);
  expect(await resultCount(page)).toBe(30);
  const reference = sandbox.data.list()[0]!.reference;

  sandbox.faults.set({ invalidVehicles: { references: [reference], kind: 'not-an-object' } });
  await syncNow(app, { full: true });
  expect(await resultCount(page)).toBe(30);

  await navButton(page, 'history').click();
  // A callout with no role of its own: its test id.
  const problems = page.getByTestId('run-data-problems');
  await expect(problems).toContainText('1 item from the portal could not be identified');
  await expect(problems).toContainText(`vehicle ${reference}`);
  // The newest run, first in the table, finished.
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(t('sync.outcome.succeeded'));
  await app.screen('history-data-problems');
});

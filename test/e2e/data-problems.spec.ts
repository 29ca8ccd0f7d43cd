// Items the portal sends without a usable reference (issue 12, defect 1) as the dealer meets
// them: the inventory keeps every listing, and the sync history says what could not be read.
import { expect, test } from './fixtures';
import { connectAndSync, resultCount, syncNow } from './helpers';

test.use({ sandboxOptions: { vehicles: 30 } });

test('an unidentifiable item removes no listing and shows in the sync history', async ({ app, sandbox }) => {
  const { page } = app;
  await connectAndSync(app, sandbox);
  expect(await resultCount(page)).toBe(30);
  const reference = sandbox.data.list()[0]!.reference;

  sandbox.faults.set({ invalidVehicles: { references: [reference], kind: 'not-an-object' } });
  await syncNow(app, { full: true });
  expect(await resultCount(page)).toBe(30);

  await page.getByTestId('nav-history').click();
  const problems = page.getByTestId('run-data-problems');
  await expect(problems).toContainText('1 item from the portal could not be identified');
  await expect(problems).toContainText(`vehicle ${reference}`);
  await expect(page.getByTestId('history-run').first()).toHaveAttribute('data-outcome', 'succeeded');
  await app.screen('history-data-problems');
});

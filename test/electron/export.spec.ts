/* eslint-disable no-empty-pattern -- Playwright reads a fixture's dependencies from its destructured first argument; `{}` means none. */
// Export in the Electron app: the native save dialog, parented to the window, suggests the file's
// name and type; the export is written where the dealer chose (the extension added when none was
// typed), and a cancelled dialog is an outcome with nothing written. The dialog itself cannot be
// clicked by a test: main's dialog.showSaveDialog is replaced by one that answers as the dealer would.
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { demoSynced, launchShowroom, type Invoke, type Launched } from './launch';

let launched: Launched;

test.beforeEach(async ({}, testInfo) => {
  launched = await launchShowroom(testInfo);
});

test.afterEach(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- undefined when the launch in beforeEach failed
  await launched?.app.close();
});

/** Makes the save dialog answer `answer`; records what it was asked (and whether a window was its parent). */
async function answerSaveDialog(answer: { canceled: boolean; filePath?: string }): Promise<void> {
  await launched.app.evaluate(({ dialog, BrowserWindow }, reply) => {
    const asked: Array<{ parented: boolean; options: unknown }> = [];
    (globalThis as unknown as { __asked: typeof asked }).__asked = asked;
    dialog.showSaveDialog = async (...args: unknown[]) => {
      const parented = args.length === 2 && args[0] instanceof BrowserWindow;
      asked.push({ parented, options: args.at(-1) });
      return { canceled: reply.canceled, filePath: reply.filePath ?? '' };
    };
  }, answer);
}

const exportView = (format: 'csv' | 'xlsx') =>
  launched.window.evaluate(async (f) => {
    const { invoke } = (globalThis as unknown as { showroom: { invoke: Invoke } }).showroom;
    return invoke('inventory.export', { format: f, language: 'en', query: { text: '', filters: {}, sort: { field: 'reference', dir: 'asc' } } });
  }, format);

test('the save dialog, on the window, suggests the name and type; the file goes where the dealer chose', async ({}, testInfo) => {
  await demoSynced(launched.window);
  const typed = testInfo.outputPath('my-stock'); // no extension typed
  await answerSaveDialog({ canceled: false, filePath: typed });
  const result = await exportView('csv');
  expect(result).toMatchObject({ ok: true, value: { kind: 'saved', file: `${typed}.csv` } });
  expect(readFileSync(`${typed}.csv`, 'utf8').startsWith('\uFEFFReference,')).toBe(true);
  const asked = await launched.app.evaluate(
    () => (globalThis as unknown as { __asked: Array<{ parented: boolean; options: Record<string, unknown> }> }).__asked,
  );
  expect(asked).toHaveLength(1);
  expect(asked[0]!.parented).toBe(true);
  expect(asked[0]!.options.defaultPath).toMatch(/showroom-listings-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(asked[0]!.options.filters).toEqual([{ name: 'CSV for Excel', extensions: ['csv'] }]);
});

test('a cancelled save dialog is an outcome, and nothing is written', async ({}, testInfo) => {
  await demoSynced(launched.window);
  await answerSaveDialog({ canceled: true });
  expect(await exportView('xlsx')).toEqual({ ok: true, value: { kind: 'cancelled' } });
  expect(existsSync(testInfo.outputPath('my-stock.xlsx'))).toBe(false);
});

// @vitest-environment happy-dom
// The Sold view over the real bridge, with fixed answers standing in for main (main's side is
// tested in test/changes/sell.test.ts and test/export/sold.test.ts): its dates are written in the
// list style of the shared formatter, in both languages, the full date and time in the title;
// Export writes the view on screen (its search and filters) through the export dialog.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContextValue } from '../../../src/renderer/src/AppContext';
import type { ChannelName, Result } from '../../../src/shared/contract';
import { makeFormatters } from '../../../src/shared/i18n/format';
import type { DepartedListingView, DepartedResult } from '../../../src/shared/sold';
import { installBridge, notAnswered, ok, type TestBridge } from './bridge';

const SOLD: DepartedListingView = {
  reference: 'S-1',
  title: 'Fiat Uno',
  brand: 'FIAT',
  type: 'C',
  price: 49_990,
  mileage: 80_000,
  modelYear: 2020,
  leftAs: 'sold',
  leftAt: '2026-11-20T15:00:00.000Z',
  soldAt: '2026-11-19T13:05:00.000Z',
  daysInStock: 40,
  daysAtLeast: false,
  sale: null,
};
let result: DepartedResult = { rows: [SOLD], total: 1 };

let bridge: TestBridge;
beforeAll(() => {
  bridge = installBridge((channel: ChannelName): Result<unknown> => {
    if (channel === 'sold.query') return ok(result);
    if (channel === 'sold.export') return ok({ kind: 'saved', file: '/tmp/showroom-sold.csv', rows: 1, bytes: 100 });
    if (channel === 'changes.discard') return ok([]);
    return notAnswered(channel);
  });
});
afterEach(cleanup);

async function mount(language: 'en' | 'pt-BR') {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { createQueryClient } = await import('../../../src/renderer/src/query/queryClient');
  const { SoldScreen } = await import('../../../src/renderer/src/screens/SoldScreen');
  const { AppContext } = await import('../../../src/renderer/src/AppContext');
  initI18n(language);
  // The screen reads only notify and reportError from the app's context.
  const context = { notify: vi.fn(), reportError: vi.fn() } as unknown as AppContextValue;
  render(
    <QueryClientProvider client={createQueryClient(() => undefined)}>
      <AppContext.Provider value={context}>
        <SoldScreen />
      </AppContext.Provider>
    </QueryClientProvider>,
  );
  return screen.findByTestId('sold-table');
}

describe('the Sold view', () => {
  for (const language of ['en', 'pt-BR'] as const) {
    it(`${language}: the sale's date in the list style, the date and time in its title`, async () => {
      result = { rows: [SOLD], total: 1 };
      const f = makeFormatters(language);
      const table = await mount(language);
      const date = within(table).getByText(f.listDate(SOLD.soldAt));
      expect(date.getAttribute('title')).toBe(f.dateTime(SOLD.soldAt));
      expect(f.listDate(SOLD.soldAt)).not.toBe(f.dateTime(SOLD.soldAt));
    });
  }

  it('its search box shows the magnifier its text leaves room for, as the inventory’s does', async () => {
    result = { rows: [SOLD], total: 1 };
    await mount('en');
    expect(screen.getByRole('search').querySelector('svg.search__icon')).not.toBeNull();
  });

  it('Export writes the view on screen: its search and filters, in the UI’s language', async () => {
    result = { rows: [SOLD], total: 1 };
    await mount('pt-BR');
    fireEvent.click(screen.getByRole('button', { name: 'Vendidos' }));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'uno' } });
    // The list reads the search once it settles; the export sends what the list shows.
    await waitFor(() => expect(bridge.calls.some((c) => c.channel === 'sold.query' && (c.input as { search?: string }).search === 'uno')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(await screen.findByText(/^Os anúncios que saíram/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Exportar 1 anúncio' })));
    const sent = bridge.calls.filter((c) => c.channel === 'sold.export');
    expect(sent).toEqual([{ channel: 'sold.export', input: { format: expect.any(String), language: 'pt-BR', query: { search: 'uno', leftAs: ['sold'] } } }]);
    expect(await screen.findByTestId('export-saved')).toBeTruthy();
  });

  for (const [language, words] of [
    ['en', 'Sale pending — sent at the next sync'],
    ['pt-BR', 'Venda pendente — enviada na próxima sincronização'],
  ] as const) {
    it(`${language}: a sale not sent yet is shown pending with Cancel, which takes it back`, async () => {
      const pending = { ...SOLD, reference: 'P-1', leftAs: 'pending' as const, sale: { changeId: 42, sent: false } };
      const sent = { ...SOLD, reference: 'P-2', leftAs: 'pending' as const, sale: { changeId: 43, sent: true } };
      result = { rows: [pending, sent, SOLD], total: 3 };
      const table = await mount(language);
      const rows = within(table).getAllByTestId('sale-pending');
      expect(rows.map((cell) => cell.closest('tr')?.getAttribute('data-reference'))).toEqual(['P-1', 'P-2']);
      expect(rows[0]?.textContent).toContain(words);
      // Sent: the portal has it, no longer cancellable.
      expect(within(rows[1]!).queryByRole('button')).toBeNull();
      await act(async () => fireEvent.click(within(rows[0]!).getByRole('button')));
      expect(bridge.calls.filter((c) => c.channel === 'changes.discard').at(-1)?.input).toEqual({ id: 42 });
    });
  }
});

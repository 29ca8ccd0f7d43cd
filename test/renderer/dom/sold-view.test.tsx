// @vitest-environment happy-dom
// The Sold view over the real bridge, with fixed answers standing in for main (main's side is
// tested in test/changes/sell.test.ts and test/export/sold.test.ts): its dates are written in the
// list style of the shared formatter, in both languages, the full date and time in the title;
// Export writes the view on screen (its search and filters) through the export dialog.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
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
};
let result: DepartedResult = { rows: [SOLD], total: 1 };

let bridge: TestBridge;
beforeAll(() => {
  bridge = installBridge((channel: ChannelName): Result<unknown> => {
    if (channel === 'sold.query') return ok(result);
    if (channel === 'sold.export') return ok({ kind: 'saved', file: '/tmp/showroom-sold.csv', rows: 1, bytes: 100 });
    return notAnswered(channel);
  });
});
afterEach(cleanup);

async function mount(language: 'en' | 'pt-BR') {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { createQueryClient } = await import('../../../src/renderer/src/query/queryClient');
  const { SoldScreen } = await import('../../../src/renderer/src/screens/SoldScreen');
  initI18n(language);
  render(
    <QueryClientProvider client={createQueryClient(() => undefined)}>
      <SoldScreen />
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
});

// @vitest-environment happy-dom
// The Sold view over the real bridge, with fixed answers standing in for main (main's side is
// tested in test/changes/sell.test.ts and test/cache/departed.test.ts): its dates are written in
// the list style of the shared formatter, in both languages, the full date and time in the title.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
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
  bridge = installBridge((channel: ChannelName): Result<unknown> => (channel === 'sold.query' ? ok(result) : notAnswered(channel)));
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
      expect(bridge.calls.some((c) => c.channel === 'sold.query')).toBe(true);
    });
  }
});

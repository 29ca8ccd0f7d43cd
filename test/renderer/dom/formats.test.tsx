// @vitest-environment happy-dom
// One format per thing (issue 32, item 8): a price reads the same in the list and in the detail
// ("R$ 68.900", cents only when there are some), a date in a list has the whole year (the list
// wrote 26/11/26, the detail 26 de nov. de 2026), and the years are manufacture/model in the
// title and the Year column alike, in both languages.
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeFormatters } from '../../../src/shared/i18n/format';
import { listingTitle } from '../../../src/shared/vehicle';
import { installBridge, notAnswered } from './bridge';
import { renderRow } from './render-row';
import { rowView } from './rows';

beforeAll(() => {
  installBridge(notAnswered);
});
afterEach(cleanup);

const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\u00a0/g, ' ');

const listRow = (language: 'en' | 'pt-BR', overrides: Parameters<typeof rowView>[0]): Promise<HTMLElement> => renderRow(rowView(overrides), language);

async function detailPrice(language: 'en' | 'pt-BR', value: number): Promise<string> {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { VehicleFields } = await import('../../../src/renderer/src/components/VehicleFields');
  initI18n(language);
  const { container } = render(<VehicleFields vehicle={{ type: 'C', value }} />);
  const shown = text(container.querySelector('[data-field="value"] dd'));
  cleanup();
  return shown;
}

describe('prices', () => {
  it.each([
    ['pt-BR', 68_900, 'R$ 68.900'],
    ['en', 68_900, 'R$68,900'],
    ['pt-BR', 49_990.5, 'R$ 49.990,50'],
    ['en', 49_990.5, 'R$49,990.50'],
  ] as const)('%s: %d reads %s in the list and in the detail', async (language, value, expected) => {
    const row = await listRow(language, { price: value });
    const inList = text(row.querySelector('.inv-cell--value'));
    cleanup();
    expect(inList).toBe(expected);
    expect(await detailPrice(language, value)).toBe(expected);
  });
});

describe('dates', () => {
  it('a list writes the whole year; a detail writes the month in words', async () => {
    const at = '2026-09-23T15:00:00.000Z';
    const row = await listRow('pt-BR', { updatedAt: at });
    expect(text(row.querySelector('.inv-cell--updatedAt'))).toBe('23/09/2026');
    expect(makeFormatters('en').listDate(at)).toBe('09/23/2026');
    expect(makeFormatters('pt-BR', 'UTC').listDateTime(at)).toBe('23/09/2026, 15:00');
    expect(makeFormatters('pt-BR', 'UTC').date(at)).toBe('23 de set. de 2026');
  });
});

describe('years', () => {
  it('manufacture/model in an untitled listing’s title and in the Year column alike', async () => {
    const title = listingTitle({
      brand: { id: 1, name: 'Fiat', vehicleType: 'C' },
      trim: { id: 2, name: 'Argo Drive 1.0', modelId: 3 },
      manufacturedYear: 2020,
      modelYear: 2021,
    });
    const row = await listRow('pt-BR', { title, manufacturedYear: 2020, modelYear: 2021 });
    expect(text(row.querySelector('.inv-title'))).toBe('Fiat Argo Drive 1.0 2020/2021');
    expect(text(row.querySelector('.inv-cell--modelYear'))).toBe('2020/2021');
  });

  it.each([
    [2024, 2024, '2024/2024'],
    [null, 2019, '2019'],
    [null, null, '—'],
  ] as const)('the Year column: %s and %s read %s', async (manufacturedYear, modelYear, expected) => {
    const row = await listRow('pt-BR', { manufacturedYear, modelYear });
    expect(text(row.querySelector('.inv-cell--modelYear'))).toBe(expected);
  });
});

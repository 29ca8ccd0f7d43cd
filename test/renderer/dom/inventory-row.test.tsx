// @vitest-environment happy-dom
// A value an open edit changed is marked pending in the list's row, with the portal's beside it.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installBridge, notAnswered } from './bridge';
import { renderRow } from './render-row';
import { rowView } from './rows';

beforeAll(() => {
  installBridge(notAnswered);
});
afterEach(cleanup);

describe('a value an open edit changed', () => {
  const text = (el: Element | null) => (el?.textContent ?? '').replace(/\u00a0/g, ' ');
  /** What a screen reader reads of an element: its text without what is hidden from it. */
  const read = (el: Element | null) => {
    const copy = el?.cloneNode(true) as Element | undefined;
    copy?.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
    return text(copy ?? null)
      .replace(/\s+/g, ' ')
      .trim();
  };

  it('a narrow figure: the new one with a pending mark, the portal’s under it; the words for the tooltip and screen readers', async () => {
    const row = rowView({ price: 49_990, mileage: 36_000, portalValues: { price: 175_900 } });
    const cell = (await renderRow(row, 'en')).querySelector('.inv-cell--value');
    const figure = cell?.querySelector('[data-pending="price"]');
    expect(text(figure?.querySelector('.inv-pending-figure__new') ?? null)).toBe('R$49,990');
    expect(figure?.querySelector('.inv-pending-figure__new .pending-mark')).not.toBeNull();
    expect(text(figure?.querySelector('.inv-pending-figure__portal') ?? null)).toBe('R$175,900');
    expect(figure?.getAttribute('title')).toBe('pending (portal: R$175,900)');
    expect(read(cell ?? null)).toBe('R$49,990 pending (portal: R$175,900)');
    // The words are not a third line: the row keeps two.
    expect(cell?.querySelector('.badge')).toBeNull();
  });

  it('the wider title says it in words; the others stay as they are', async () => {
    const row = rowView({
      price: 49_990,
      mileage: 36_000,
      title: 'Argo Drive',
      fuel: 'FLEX',
      portalValues: { title: 'Fiat Argo', fuel: 'GASOLINE' },
    });
    const container = await renderRow(row, 'en');
    expect(text(container.querySelector('.inv-cell--title .inv-pending'))).toBe('pending (portal: Fiat Argo · Gasoline)');
    expect(text(container.querySelector('.inv-cell--value'))).toBe('R$49,990');
    expect(container.querySelector('.inv-cell--value [data-pending]')).toBeNull();
    expect(container.querySelector('.inv-cell--mileage [data-pending]')).toBeNull();
    expect(container.querySelector('.inv-cell--modelYear [data-pending]')).toBeNull();
  });

  it('says it in Portuguese too, for the mileage as for the price', async () => {
    const container = await renderRow(rowView({ price: 49_990, mileage: 36_000, portalValues: { price: 175_900, mileage: 42_000 } }));
    expect(read(container.querySelector('.inv-cell--value'))).toBe('R$ 49.990 pendente (portal: R$ 175.900)');
    expect(
      container
        .querySelector('.inv-cell--value [data-pending]')
        ?.getAttribute('title')
        ?.replace(/\u00a0/g, ' '),
    ).toBe('pendente (portal: R$ 175.900)');
    expect(text(container.querySelector('.inv-cell--mileage .inv-pending-figure__portal'))).toBe('42.000 km');
    expect(read(container.querySelector('.inv-cell--mileage'))).toBe('36.000 km pendente (portal: 42.000 km)');
  });

  it('the years as the row writes them: the portal’s manufacture/model, the unchanged one from the row', async () => {
    const container = await renderRow(rowView({ manufacturedYear: 2021, modelYear: 2022, portalValues: { manufacturedYear: 2020 } }), 'en');
    expect(text(container.querySelector('.inv-cell--modelYear .inv-pending-figure__portal'))).toBe('2020/2022');
    expect(read(container.querySelector('.inv-cell--modelYear'))).toBe('2021/2022 pending (portal: 2020/2022)');
  });

  it('no mark without an open edit', async () => {
    const container = await renderRow(rowView({ price: 49_990 }));
    expect(container.querySelector('.inv-pending, [data-pending], .pending-mark')).toBeNull();
  });
});

describe('why a search matched', () => {
  it('says where, under the title, in both languages; nothing without it', async () => {
    const matched = async (language: 'en' | 'pt-BR', matchedIn?: { field: 'accessory'; text: string }) => {
      const container = await renderRow({ ...rowView({}), ...(matchedIn && { matchedIn }) }, language);
      return container.querySelector('[data-testid="matched-in"]')?.textContent ?? null;
    };
    expect(await matched('en', { field: 'accessory', text: 'Piloto automático' })).toBe('Matched the accessory “Piloto automático”');
    cleanup();
    expect(await matched('pt-BR', { field: 'accessory', text: 'Piloto automático' })).toBe('Encontrado no acessório “Piloto automático”');
    cleanup();
    expect(await matched('en')).toBeNull();
  });
});

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

  it('shows the pending value, marked pending, the portal’s beside it; the others as they are', async () => {
    const row = rowView({
      price: 49_990,
      mileage: 36_000,
      title: 'Argo Drive',
      fuel: 'FLEX',
      portalValues: { price: 175_900, title: 'Fiat Argo', fuel: 'GASOLINE' },
    });
    const container = await renderRow(row, 'en');
    expect(text(container.querySelector('.inv-cell--value .inv-pending'))).toBe('pending (portal: R$175,900)');
    expect(text(container.querySelector('.inv-cell--title .inv-pending'))).toBe('pending (portal: Fiat Argo · Gasoline)');
    expect(container.querySelector('.inv-cell--mileage .inv-pending')).toBeNull();
    expect(container.querySelector('.inv-cell--modelYear .inv-pending')).toBeNull();
  });

  it('says it in Portuguese too', async () => {
    const container = await renderRow(rowView({ price: 49_990, portalValues: { price: 175_900 } }));
    expect(text(container.querySelector('.inv-cell--value .inv-pending'))).toBe('pendente (portal: R$ 175.900)');
  });

  it('no mark without an open edit', async () => {
    const container = await renderRow(rowView({ price: 49_990 }));
    expect(container.querySelector('.inv-pending')).toBeNull();
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

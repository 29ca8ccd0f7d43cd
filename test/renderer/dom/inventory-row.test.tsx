// @vitest-environment happy-dom
// A value an open edit changed is marked pending in the list's row, with the portal's beside it.
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBridge, notAnswered } from './bridge';
import { rowView } from './rows';

beforeAll(() => {
  installBridge(notAnswered);
});
afterEach(cleanup);

async function rendered(row: ReturnType<typeof rowView>, language: 'en' | 'pt-BR' = 'pt-BR'): Promise<HTMLElement> {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { makeFormatters } = await import('../../../src/renderer/src/hooks/useFormat');
  const { InventoryRow } = await import('../../../src/renderer/src/components/InventoryRow');
  const i18n = initI18n(language);
  const { container } = render(
    <InventoryRow
      index={0}
      row={row}
      top={0}
      active={false}
      selected={false}
      f={makeFormatters(language)}
      t={i18n.t}
      idPrefix="r"
      onActivate={vi.fn()}
      onOpen={vi.fn()}
      onToggle={vi.fn()}
    />,
  );
  return container;
}

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
    const container = await rendered(row, 'en');
    expect(text(container.querySelector('.inv-cell--value .inv-pending'))).toBe('pending (portal: R$175,900)');
    expect(text(container.querySelector('.inv-cell--title .inv-pending'))).toBe('pending (portal: Fiat Argo · Gasoline)');
    expect(container.querySelector('.inv-cell--mileage .inv-pending')).toBeNull();
    expect(container.querySelector('.inv-cell--modelYear .inv-pending')).toBeNull();
  });

  it('says it in Portuguese too', async () => {
    const container = await rendered(rowView({ price: 49_990, portalValues: { price: 175_900 } }));
    expect(text(container.querySelector('.inv-cell--value .inv-pending'))).toBe('pendente (portal: R$ 175.900)');
  });

  it('no mark without an open edit', async () => {
    const container = await rendered(rowView({ price: 49_990 }));
    expect(container.querySelector('.inv-pending')).toBeNull();
  });
});

describe('why a search matched', () => {
  it('says where, under the title, in both languages; nothing without it', async () => {
    const matched = async (language: 'en' | 'pt-BR', matchedIn?: { field: 'accessory'; text: string }) => {
      const container = await rendered({ ...rowView({}), ...(matchedIn && { matchedIn }) }, language);
      return container.querySelector('[data-testid="matched-in"]')?.textContent ?? null;
    };
    expect(await matched('en', { field: 'accessory', text: 'Piloto automático' })).toBe('Matched the accessory “Piloto automático”');
    cleanup();
    expect(await matched('pt-BR', { field: 'accessory', text: 'Piloto automático' })).toBe('Encontrado no acessório “Piloto automático”');
    cleanup();
    expect(await matched('en')).toBeNull();
  });
});

// @vitest-environment happy-dom
// The list's Year column writes manufacture/model as Brazilian listings and their titles do
// ("2020/2021"), in both languages: it showed the model year, the manufacture below it only when
// they differed.
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBridge, notAnswered } from './bridge';
import { rowView } from './rows';

beforeAll(() => {
  installBridge(notAnswered);
});
afterEach(cleanup);

/** One row rendered in `language`, its container. */
async function renderRow(language: 'en' | 'pt-BR', row: ReturnType<typeof rowView>): Promise<HTMLElement> {
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

async function yearCell(manufacturedYear: number | null, modelYear: number | null): Promise<string> {
  const container = await renderRow('pt-BR', rowView({ manufacturedYear, modelYear }));
  return container.querySelector('.inv-cell--modelYear')?.textContent ?? '';
}

describe('the Year column', () => {
  it('manufacture/model, as in the title', async () => {
    expect(await yearCell(2020, 2021)).toBe('2020/2021');
    cleanup();
    expect(await yearCell(2024, 2024)).toBe('2024/2024');
    cleanup();
    expect(await yearCell(null, 2019)).toBe('2019');
    cleanup();
    expect(await yearCell(null, null)).toBe('—');
  });
});

describe('why a search matched', () => {
  it('says where, under the title, in both languages; nothing without it', async () => {
    const matched = async (language: 'en' | 'pt-BR', matchedIn?: { field: 'accessory'; text: string }) => {
      const container = await renderRow(language, { ...rowView({}), ...(matchedIn && { matchedIn }) });
      return container.querySelector('[data-testid="matched-in"]')?.textContent ?? null;
    };
    expect(await matched('en', { field: 'accessory', text: 'Piloto automático' })).toBe('Matched the accessory “Piloto automático”');
    cleanup();
    expect(await matched('pt-BR', { field: 'accessory', text: 'Piloto automático' })).toBe('Encontrado no acessório “Piloto automático”');
    cleanup();
    expect(await matched('en')).toBeNull();
  });
});

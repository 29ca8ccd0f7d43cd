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

async function yearCell(manufacturedYear: number | null, modelYear: number | null): Promise<string> {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { makeFormatters } = await import('../../../src/renderer/src/hooks/useFormat');
  const { InventoryRow } = await import('../../../src/renderer/src/components/InventoryRow');
  const i18n = initI18n('pt-BR');
  const { container } = render(
    <InventoryRow
      index={0}
      row={rowView({ manufacturedYear, modelYear })}
      top={0}
      active={false}
      selected={false}
      f={makeFormatters('pt-BR')}
      t={i18n.t}
      idPrefix="r"
      onActivate={vi.fn()}
      onOpen={vi.fn()}
      onToggle={vi.fn()}
    />,
  );
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

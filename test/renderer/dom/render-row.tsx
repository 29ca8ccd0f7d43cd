// One inventory row rendered alone in a language, as the list draws it: its container.
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { VehicleRowView } from '../../../src/shared/views';

export async function renderRow(row: VehicleRowView, language: 'en' | 'pt-BR' = 'pt-BR'): Promise<HTMLElement> {
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

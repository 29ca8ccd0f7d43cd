// @vitest-environment happy-dom
// A field changed both here and on the portal: the dealer sees theirs, the portal's and the value
// before both side by side, in their words; Send waits until every field has a choice, and sends
// exactly the choices made (per field, or all at once).
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FieldConflict, Keep } from '../../../src/renderer/src/components/edit/ConflictDialog';
import { installBridge, notAnswered } from './bridge';

beforeAll(() => {
  installBridge(notAnswered);
});
afterEach(cleanup);

const conflicts: FieldConflict[] = [
  { field: 'value', mine: 49990, portal: 51900, original: 52900 },
  { field: 'accessories', mine: [1, 2], portal: [1], original: [] },
  { field: 'color', mine: 'BLACK', portal: 'PEARL_WHITE', original: 'SILVER' },
];
const names = {
  accessories: new Map([
    [1, 'Air conditioning'],
    [2, 'Alloy wheels'],
  ]),
  otherInfos: new Map<number, string>(),
  trims: new Map<number, string>(),
};

async function dialog(language: 'en' | 'pt-BR') {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { ConflictDialog } = await import('../../../src/renderer/src/components/edit/ConflictDialog');
  initI18n(language);
  const onResolve = vi.fn<(keep: Record<string, Keep>) => Promise<void>>(async () => undefined);
  const onClose = vi.fn();
  render(<ConflictDialog reference="REF-1" conflicts={conflicts} names={names} onResolve={onResolve} onClose={onClose} />);
  return { onResolve, onClose };
}

const row = (field: string) => document.querySelector<HTMLElement>(`tr[data-field="${field}"]`)!;

describe('the conflict view', () => {
  it('shows yours, the portal’s and the original side by side in the dealer’s words', async () => {
    await dialog('en');
    const cells = (field: string) => [...row(field).children].map((c) => c.textContent);
    expect(cells('value')).toEqual(['Price', 'R$49,990', 'R$51,900', 'R$52,900']);
    expect(cells('accessories')).toEqual(['Accessories', 'Air conditioning, Alloy wheels', 'Air conditioning', '(none)']);
    expect(cells('color')).toEqual(['Color', 'Black', 'Pearl white', 'Silver']);
  });

  it('sends nothing until every field has a choice, then the choices made per field', async () => {
    const { onResolve, onClose } = await dialog('en');
    const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });
    expect(send.disabled).toBe(true);
    expect(document.body.textContent).toContain('Choose for 3 more fields.');

    fireEvent.click(within(row('value')).getByRole('radio', { name: 'Keep for Price: Yours' }));
    fireEvent.click(within(row('accessories')).getByRole('radio', { name: 'Keep for Accessories: On the portal now' }));
    expect(send.disabled).toBe(true);
    expect(document.body.textContent).toContain('Choose for 1 more field.');
    fireEvent.click(within(row('color')).getByRole('radio', { name: 'Keep for Color: Yours' }));
    fireEvent.click(send);

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onResolve).toHaveBeenCalledWith({ value: 'mine', accessories: 'portal', color: 'mine' });
  });

  it('keeps all of one side at once, in Portuguese', async () => {
    const { onResolve } = await dialog('pt-BR');
    fireEvent.click(screen.getByRole('button', { name: 'Manter todos os do portal' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await vi.waitFor(() => expect(onResolve).toHaveBeenCalledWith({ value: 'portal', accessories: 'portal', color: 'portal' }));
    expect([...row('value').children].map((c) => c.textContent.replace(/\u00a0/g, ' '))).toEqual(['Preço', 'R$ 49.990', 'R$ 51.900', 'R$ 52.900']);
  });
});

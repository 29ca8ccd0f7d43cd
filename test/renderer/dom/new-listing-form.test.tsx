// @vitest-environment happy-dom
// The listing form opened to create one: a new listing the portal refused opens again with every
// field as saved, its trim's brand and model found in the catalogue kept here, the portal's words
// on the field they name; saved, the whole listing goes through the create channel and replaces the
// refused one.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CatalogueView } from '../../../src/shared/catalogue';
import type { NewListingView } from '../../../src/shared/pending-changes';
import { installBridge, notAnswered, ok, type TestBridge } from './bridge';

const list = (name: CatalogueView['lists'][number]['list'], parent: string, items: Array<{ id: number; name: string }>) => ({
  list: name,
  parent,
  items,
  readAt: '2026-11-01T00:00:00.000Z',
  state: 'ok' as const,
  skipped: 0,
});
const catalogue: CatalogueView = {
  readAt: '2026-11-01T00:00:00.000Z',
  lists: [
    list('brands', 'C', [{ id: 1, name: 'Fiat' }]),
    list('models', '1', [{ id: 5, name: 'Argo' }]),
    list('trims', '5', [{ id: 12, name: 'Drive 1.0' }]),
    list('accessories', 'C', [{ id: 3, name: 'Air conditioning' }]),
    list('otherInfos', '', []),
  ],
};

const refused: NewListingView = {
  changeId: 9,
  reference: 'NEW-9',
  state: 'refused',
  status: 'refused',
  createdAt: '2026-11-20T10:00:00.000Z',
  listing: {
    reference: 'NEW-9',
    type: 'C',
    trimId: 12,
    color: 'SILVER',
    gearbox: 'MANUAL',
    fuel: 'FLEX',
    doors: 4,
    mileage: 0,
    manufacturedYear: 2024,
    modelYear: 2024,
    value: 89990,
    deposit: 0,
    amountPerInstallment: 0,
    amountOfInstallments: 0,
    accessories: [3],
    pictures: [{ source: 'https://img.example/1.jpg' }],
    title: 'Zero km',
  },
  error: { code: 'ledger.said', params: { message: 'accessories: 3 is not in the catalogue' } },
  refusals: { accessories: '3 is not in the catalogue' },
  checks: null,
  discardable: false,
};

let bridge: TestBridge;
beforeAll(() => {
  bridge = installBridge((channel) => {
    if (channel === 'catalogue.get') return ok(catalogue);
    if (channel === 'plan.get') return ok(null);
    if (channel === 'changes.create') return ok({ reference: 'NEW-9', outcome: 'sent', changeId: 9, message: '' });
    return notAnswered(channel);
  });
});
afterEach(cleanup);

async function open(from: { saved: NewListingView }) {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { createQueryClient } = await import('../../../src/renderer/src/query/queryClient');
  const { NewListingDialog } = await import('../../../src/renderer/src/components/edit/NewListingDialog');
  initI18n('en');
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient(() => undefined)}>
      <NewListingDialog from={from} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

const box = (label: string) => screen.getByLabelText<HTMLInputElement | HTMLSelectElement>(label);

describe('a new listing the portal refused, opened again', () => {
  it('has every field as saved, the brand and model of its version, and the portal’s words on its field; saved, it replaces the refused one', async () => {
    const onClose = await open({ saved: refused });
    expect((await screen.findByLabelText<HTMLInputElement>('Reference')).value).toBe('NEW-9');
    expect(box('Brand').value).toBe('1');
    expect(box('Model').value).toBe('5');
    expect(box('Price').value).toBe('89.990');
    expect(screen.getByText('The portal said: 3 is not in the catalogue')).toBeTruthy();
    fireEvent.change(box('Title'), { target: { value: 'Zero km, revisado' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const call = bridge.calls.find((c) => c.channel === 'changes.create');
    expect(call?.input).toEqual({ fields: { ...refused.listing, otherInfos: [], title: 'Zero km, revisado' }, replaces: 9 });
  });
});

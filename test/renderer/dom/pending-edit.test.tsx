// @vitest-environment happy-dom
// A listing with an edit the portal does not show yet: its detail shows each changed value with a
// pending mark and the portal's value beside it, Discard takes it back while it is not sent, a
// refused edit opens the form again with the portal's words on its field, and a held one opens the
// conflict view whose choices go to main.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChannelName, Result } from '../../../src/shared/contract';
import type { PendingEditView } from '../../../src/shared/pending-changes';
import type { VehicleDetailView } from '../../../src/shared/views';
import { installBridge, notAnswered, ok, type TestBridge } from './bridge';
import { renderDetail } from './render-detail';
import { rowView } from './rows';

function detailWith(edit: PendingEditView): VehicleDetailView {
  return {
    reference: 'REF-1',
    raw: {},
    vehicle: { reference: 'REF-1', title: 'Fiat Argo', type: 'C', value: 52900, mileage: 35000, manufacturedYear: 2020, licensePlate: 'ABC1D23' },
    model: null,
    problems: [],
    publication: rowView().publication,
    history: [],
    photos: [],
    rejectedPositions: [],
    syncedAt: null,
    pendingEdit: edit,
    extras: { canSendPhotosAgain: false, videoUrl: null },
  };
}

const field = (name: string, mine: unknown, portal: unknown, extra: Partial<PendingEditView['fields'][number]> = {}) => ({
  field: name,
  mine,
  portal,
  conflict: null,
  refusal: null,
  ...extra,
});
const pending: PendingEditView = {
  changeId: 7,
  status: 'pending',
  held: false,
  fields: [field('value', 49990, 52900)],
  error: null,
  checks: null,
  discardable: true,
};

let bridge: TestBridge;
let shown: VehicleDetailView;
beforeAll(() => {
  bridge = installBridge((channel: ChannelName): Result<unknown> => {
    if (channel === 'vehicles.get') return ok(shown);
    if (channel === 'changes.discard') return ok([]);
    if (channel === 'changes.resolve') return ok({ reference: 'REF-1', outcome: 'queued', changeId: 7, message: '' });
    return notAnswered(channel);
  });
});
afterEach(() => {
  cleanup();
  bridge.calls.length = 0;
});

async function page(language: 'en' | 'pt-BR', detail: VehicleDetailView) {
  shown = detail;
  await renderDetail('REF-1', 'Fiat Argo', { language, online: false });
}

const text = (el: Element) => el.textContent.replace(/\u00a0/g, ' ');

describe('a pending edit on the listing’s detail', () => {
  it('shows the new price marked pending with the portal’s beside it, and Discard takes it back', async () => {
    await page('pt-BR', detailWith(pending));
    expect(text(document.querySelector('.detail__price')!)).toBe('R$ 49.990 pendente (portal: R$ 52.900)');
    const section = screen.getByRole('region', { name: 'Edição ainda não está no portal' });
    expect(text(section.querySelector('[data-field="value"] dd')!)).toBe('R$ 49.990 pendente (portal: R$ 52.900)');
    // The Price card says the same as the header, not the portal's price alone.
    const priceCard = screen.getByRole('region', { name: 'Preço' });
    expect(text(priceCard.querySelector('[data-field="value"] dd')!)).toBe('R$ 49.990 pendente (portal: R$ 52.900)');
    fireEvent.click(within(section).getByRole('button', { name: 'Descartar edição' }));
    await vi.waitFor(() => expect(bridge.calls.some((c) => c.channel === 'changes.discard')).toBe(true));
    expect(bridge.calls.find((c) => c.channel === 'changes.discard')?.input).toEqual({ reference: 'REF-1' });
  });

  it('opens the form again on a refusal, the dealer’s values in it and the portal’s words on the field', async () => {
    const refused: PendingEditView = {
      ...pending,
      status: 'refused',
      discardable: true,
      fields: [field('title', 'Argo turbo', 'Fiat Argo', { refusal: 'title contains a forbidden word' })],
      error: { code: 'portal.bad_input' },
    };
    await page('en', detailWith(refused));
    const form = await screen.findByRole('dialog', { name: 'Edit REF-1' });
    const title = within(form).getByLabelText<HTMLInputElement>('Title');
    expect(title.value).toBe('Argo turbo');
    expect(text(form)).toContain('The portal said: title contains a forbidden word');
    // Said once: on the field, and above that the edit was refused, not the portal's words again.
    expect(within(form).getByTestId('edit-errors').textContent).toBe('The portal refused the edit. Nothing is lost: fix it and save again.');
    // Not fixed but taken back: the form closed, the refused edit can be discarded.
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard edit' }));
    await vi.waitFor(() => expect(bridge.calls.find((c) => c.channel === 'changes.discard')?.input).toEqual({ reference: 'REF-1' }));
  });

  it('refused by Showroom’s own checks: said so, each failed field in the dealer’s words, on the panel and in the form, in both languages', async () => {
    // The form opens by itself once per refusal (useReopenOnRefusal): each language's its own change.
    const checked: PendingEditView = {
      ...pending,
      changeId: 8,
      status: 'refused',
      discardable: true,
      fields: [field('licensePlate', null, 'ABC1D23')],
      error: { code: 'ledger.refusedByChecks', params: { count: 1 } },
      checks: [{ field: 'licensePlate', code: 'listingWrite.plateRequired' }],
    };
    await page('pt-BR', detailWith(checked));
    const form = await screen.findByRole('dialog', { name: 'Editar REF-1' });
    expect(within(form).getByTestId('edit-errors').textContent).toMatch(/^Recusada pelas verificações do Showroom, não enviada: 1 campo/);
    expect(text(form)).toContain('Verificações do Showroom: Placa: obrigatória para veículo usado');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    const section = screen.getByRole('region', { name: 'Edição ainda não está no portal' });
    expect(text(section)).toContain('As verificações do Showroom recusaram a edição antes do envio');
    expect(text(within(section).getByTestId('edit-checks'))).toBe('Placa: obrigatória para veículo usado (quilometragem acima de 0).');
    cleanup();
    await page('en', detailWith({ ...checked, changeId: 9 }));
    const english = await screen.findByRole('dialog', { name: 'Edit REF-1' });
    expect(within(english).getByTestId('edit-errors').textContent).toMatch(/^Refused by Showroom’s checks, not sent: 1 field no longer passes them/);
    expect(text(english)).toContain('Showroom’s checks: Plate: required for a used vehicle (mileage above 0).');
  });

  it('every card of the detail shows a changed field pending with the portal’s value beside it', async () => {
    await page(
      'en',
      detailWith({ ...pending, fields: [field('mileage', 36000, 35000), field('color', 'RED', 'BLACK'), field('title', 'Argo Drive', 'Fiat Argo')] }),
    );
    const card = (name: string) => screen.getByRole('region', { name });
    expect(text(card('Vehicle').querySelector('[data-field="mileage"] dd')!)).toBe('36,000 km pending (portal: 35,000 km)');
    expect(text(card('Vehicle').querySelector('[data-field="color"] dd')!)).toMatch(/^Red pending \(portal: Black\)$/);
    expect(text(card('Listing').querySelector('[data-field="title"] dd')!)).toBe('Argo Drive pending (portal: Fiat Argo)');
    // A field the edit leaves alone shows the portal's value alone.
    expect(text(card('Vehicle').querySelector('[data-field="licensePlate"] dd')!)).toBe('ABC1D23');
  });

  it('opens the conflict view from the held edit and sends the choices made', async () => {
    const held: PendingEditView = {
      ...pending,
      held: true,
      fields: [field('value', 49990, 51900, { conflict: { portal: 51900, original: 52900 } }), field('mileage', 36000, 35000)],
    };
    await page('en', detailWith(held));
    fireEvent.click(screen.getByRole('button', { name: 'Choose what to keep…' }));
    const view = await screen.findByRole('dialog', { name: 'Changed here and on the portal' });
    expect(view.querySelectorAll('tbody tr')).toHaveLength(1);
    fireEvent.click(within(view).getByRole('radio', { name: 'Keep for Price: On the portal now' }));
    fireEvent.click(within(view).getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(bridge.calls.find((c) => c.channel === 'changes.resolve')?.input).toEqual({ reference: 'REF-1', keep: 'portal' }));
  });
});

// @vitest-environment happy-dom
// The edit form checks the whole listing with the shared write schema on Save: each error is said
// on its own field in the dealer's language and the first one takes the focus; prices are typed the
// Brazilian way or plainly and shown as they read; only the fields changed are saved; the portal's
// refusal of an earlier save shows on the field it names.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListingEdit } from '../../../src/shared/listing-write';
import type { Vehicle } from '../../../src/shared/vehicle';
import { installBridge, notAnswered } from './bridge';

beforeAll(() => {
  installBridge(notAnswered);
});
afterEach(cleanup);

const car: Vehicle = {
  reference: 'REF-1',
  type: 'C',
  title: 'Fiat Argo Drive 1.0',
  description: 'Único dono.',
  value: 52900,
  deposit: 0,
  amountOfInstallments: 0,
  amountPerInstallment: 0,
  mileage: 35000,
  licensePlate: 'ABC1D23',
  color: 'SILVER',
  fuel: 'FLEX',
  gearbox: 'MANUAL',
  doors: 4,
  manufacturedYear: 2020,
  modelYear: 2021,
  brand: { id: 1, name: 'Fiat', vehicleType: 'C' },
  trim: { id: 12, name: 'Drive 1.0', modelId: 5 },
  accessories: [{ id: 3, name: 'Air conditioning' }],
  otherInfos: [],
};

type Refusal = { field: string; message: string }[];

async function form(language: 'en' | 'pt-BR', vehicle: Vehicle = car, refusal: Refusal = [], refusedWhole: { code: string } | null = null) {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { createQueryClient } = await import('../../../src/renderer/src/query/queryClient');
  const { EditListingDialog } = await import('../../../src/renderer/src/components/edit/EditListingDialog');
  const { draftOf } = await import('../../../src/renderer/src/logic/editDraft');
  initI18n(language);
  const photos = [{ key: 'p1', source: 'https://img.example/1.jpg', photoId: '1', state: 'portal' as const }];
  const onSave = vi.fn<(edit: Partial<ListingEdit>) => Promise<unknown>>(async () => null);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient(() => undefined)}>
      <EditListingDialog
        reference="REF-1"
        vehicle={vehicle}
        initial={draftOf(vehicle, photos)}
        maxPhotos={16}
        knownGaps={new Set()}
        refusal={refusal}
        refusedWhole={refusedWhole}
        onSave={onSave}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { onSave, onClose };
}

const box = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(box(label), { target: { value } });
/** The errors said on a field (its error line, tied to its box). */
const errorOn = (label: string) => {
  const ids = box(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('field__error'))?.textContent ?? null;
};
const save = (name = 'Save') => fireEvent.click(screen.getByRole('button', { name }));

describe('prices', () => {
  it.each([
    ['R$ 49.990,00', 49990],
    ['49990', 49990],
    ['49.990,5', 49990.5],
  ])('%s is read as %d, shown beside the box, and saved', async (typed, value) => {
    const { onSave, onClose } = await form('en');
    type('Price', typed);
    expect(screen.getByTestId(`${box('Price').id}-reads`).textContent).toBe(
      `Reads as R$${value.toLocaleString('en', { minimumFractionDigits: Number.isInteger(value) ? 0 : 2 })}`,
    );
    save();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith({ value });
  });

  it('says a price that is not one on the price box, in Portuguese, and focuses it', async () => {
    const { onSave } = await form('pt-BR');
    // Typed the English way, it reads as well.
    type('Preço', '49,990.00');
    expect(screen.getByTestId(`${box('Preço').id}-reads`).textContent.replace(/\u00a0/g, ' ')).toBe('Fica R$ 49.990');
    type('Preço', '49.990.00');
    expect(screen.getByTestId(`${box('Preço').id}-reads`).textContent).toBe('Ainda não é um preço');
    save('Salvar');
    expect(errorOn('Preço')).toBe('Preço: “49.990.00” pode ser lido de mais de um jeito; digite 49990, 49.990,00 ou 49,990.00.');
    expect(document.activeElement).toBe(box('Preço'));
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('errors on their fields', () => {
  it('names each failed field on itself, counts them above, and focuses the first in the form’s order', async () => {
    const { onSave } = await form('en');
    type('Plate', '');
    type('Title', 'x'.repeat(101));
    type('Doors', '7');
    save();
    expect(errorOn('Plate')).toBe('Plate: required for a used vehicle (mileage above 0).');
    expect(errorOn('Title')).toBe('Title: at most 100 characters.');
    expect(errorOn('Doors')).toBe('Doors: a car has from 2 to 5 doors.');
    expect(screen.getByTestId('edit-errors').textContent).toContain('3 fields need fixing before saving.');
    // The form's order: the price and text column, then the vehicle's.
    expect(document.activeElement).toBe(box('Title'));
    expect(onSave).not.toHaveBeenCalled();

    // Fixed, the listing saves with the fields changed only (the plate as the portal wants it).
    type('Plate', 'abc-1d23');
    type('Title', 'Argo Drive');
    type('Doors', '4');
    expect(document.body.textContent).toContain('Sent as ABC1D23');
    save();
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledWith({ title: 'Argo Drive' }));
  });

  it('counts the title and the description, with the length that reads well', async () => {
    await form('en');
    type('Description', 'a'.repeat(900));
    expect(document.body.textContent).toContain('900 of 4000 characters');
    expect(document.body.textContent).toContain('Longer than the 850 characters that read well.');
    type('Title', 'Argo');
    expect(document.body.textContent).toContain('4 of 100 characters');
  });

  it('has no doors for a motorcycle, and defaults the model year to the manufacture year', async () => {
    const moto: Vehicle = { ...car, type: 'M', doors: 0, modelYear: undefined, brand: { id: 2, name: 'Honda', vehicleType: 'M' } };
    const { onSave } = await form('en', moto);
    expect(screen.queryByLabelText('Doors')).toBeNull();
    expect(box('Model year').placeholder).toBe('2020');
    type('Mileage (km)', '36.000');
    save();
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledWith({ mileage: 36000 }));
  });

  it('saves nothing when nothing changed, and says so', async () => {
    const { onSave, onClose } = await form('en');
    type('Price', '52.900');
    save();
    expect(await screen.findByText('Nothing changed yet.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('the video link', () => {
  it('says plainly what the portal never shows and what an edit here does to a link set elsewhere', async () => {
    await form('pt-BR');
    const note = screen.getByTestId('video-note').textContent;
    expect(note).toContain('O portal nunca mostra o link de vídeo atual');
    expect(note).toContain('remove um link definido em outro lugar, a menos que você o digite aqui');
    expect(note).toContain('é enviado de novo em cada edição feita aqui');
  });
});

describe('a refusal from the portal', () => {
  it('shows the portal’s words on the field it names, the dealer’s values in the boxes', async () => {
    await form('en', { ...car, title: 'Argo with turbo' }, [{ field: 'title', message: 'title must be shorter than or equal to 100 characters' }]);
    expect(box('Title').value).toBe('Argo with turbo');
    expect(errorOn('Title')).toBe('The portal said: title must be shorter than or equal to 100 characters');
  });

  it('shows a refusal that names no field above the form, in the dealer’s words', async () => {
    await form('en', car, [], { code: 'listingWrite.noChange' });
    expect(within(screen.getByTestId('edit-errors')).getByText('The portal refused the edit: Nothing to change: give at least one field.')).toBeTruthy();
  });
});

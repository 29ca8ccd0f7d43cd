// @vitest-environment happy-dom
// A listing's fields state no placeholder as a fact: the portal's 0 for "no down payment", "not
// financed" and a motorcycle's doors shows as none, or the field is left out, in both languages.
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '../../../src/shared/vehicle';
import { installBridge, notAnswered } from './bridge';

beforeAll(() => {
  installBridge(notAnswered);
});
afterEach(cleanup);

async function fields(language: 'en' | 'pt-BR', vehicle: Vehicle): Promise<Record<string, string>> {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { VehicleFields } = await import('../../../src/renderer/src/components/VehicleFields');
  initI18n(language);
  const { container } = render(<VehicleFields vehicle={vehicle} />);
  const shown: Record<string, string> = {};
  for (const el of container.querySelectorAll('[data-field]')) shown[el.getAttribute('data-field') ?? ''] = el.querySelector('dd')?.textContent ?? '';
  return shown;
}

const motorcycle: Vehicle = { type: 'M', value: 18_900, deposit: 0, amountOfInstallments: 0, amountPerInstallment: 0, doors: 0, mileage: 1_000 };

describe('placeholders', () => {
  it('a motorcycle sold outright: no down payment, no installments, no doors', async () => {
    const en = await fields('en', motorcycle);
    expect([en.deposit, en.installments]).toEqual(['None', 'None']);
    expect(en).not.toHaveProperty('doors');
    const pt = await fields('pt-BR', motorcycle);
    expect([pt.deposit, pt.installments]).toEqual(['Nenhuma', 'Nenhuma']);
    expect(pt).not.toHaveProperty('doors');
  });

  it('a financed car: its figures as they are; a field the portal did not send is a dash', async () => {
    const car = await fields('en', { type: 'C', deposit: 20_000, amountOfInstallments: 36, amountPerInstallment: 1_500.5, doors: 4 });
    expect(car.deposit).toBe('R$20,000');
    expect(car.installments).toBe('36 × R$1,500.50');
    expect(car.doors).toBe('4');
    const unknown = await fields('en', { type: 'C', doors: 2 });
    expect([unknown.deposit, unknown.installments]).toEqual(['—', '—']);
    // Any 0 in the pair means not financed ("0 × R$ 0,00", "12 × R$ 0,00").
    expect((await fields('en', { amountOfInstallments: 12, amountPerInstallment: 0 })).installments).toBe('None');
  });
});

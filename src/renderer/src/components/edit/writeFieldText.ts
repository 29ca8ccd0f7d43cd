// A value of the write shape as the dealer reads it (the conflict view, the pending mark): prices
// in reais, the mileage in km, the portal's enums by their names, catalogue ids by their names.
import type { TFunction } from 'i18next';
import type { Formatters } from '../../hooks/useFormat';

/** Names of the catalogue's ids, for the fields that carry ids. */
export interface CatalogueNames {
  accessories: ReadonlyMap<number, string>;
  otherInfos: ReadonlyMap<number, string>;
  trims: ReadonlyMap<number, string>;
}

const MONEY = new Set(['value', 'deposit', 'amountPerInstallment']);
const ENUMS = new Set(['type', 'color', 'fuel', 'gearbox'] as const);

const isEnum = (field: string): field is 'type' | 'color' | 'fuel' | 'gearbox' => (ENUMS as ReadonlySet<string>).has(field);

export function writeFieldText(field: string, value: unknown, f: Formatters, t: TFunction, names: CatalogueNames): string {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return t('listingEdit.pending.none');
  if (MONEY.has(field) && typeof value === 'number') return f.money(value);
  if (field === 'mileage' && typeof value === 'number') return f.km(value);
  if (isEnum(field) && typeof value === 'string') return f.enumValue(field, value);
  if ((field === 'accessories' || field === 'otherInfos') && Array.isArray(value)) {
    const table = names[field];
    return value.map((id) => (typeof id === 'number' ? (table.get(id) ?? t('listingEdit.picker.unknown', { id })) : String(id))).join(', ');
  }
  if (field === 'trimId' && typeof value === 'number') return names.trims.get(value) ?? t('listingEdit.picker.unknown', { id: value });
  if (field === 'pictures' && Array.isArray(value)) return t('photos.count', { count: value.length });
  if (typeof value === 'number') return f.number(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

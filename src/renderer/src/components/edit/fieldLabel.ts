// A write-shape field's name in the dealer's words (the trim goes by id on the wire).
import type { TFunction } from 'i18next';
import type { Messages } from '../../../../shared/i18n/en';

type Labelled = keyof Messages['listingEdit']['fields'];

const ALIASES: Readonly<Record<string, Labelled>> = { trimId: 'trim' };

export function fieldLabel(t: TFunction, field: string): string {
  // A field the dictionaries do not name (a newer portal's) is shown by its own name.
  const key = (ALIASES[field] ?? field) as Labelled;
  return t(`listingEdit.fields.${key}`, { defaultValue: field });
}

// A write-shape field's name in the dealer's words (shared/i18n/write-field.ts), through i18next.
import type { TFunction } from 'i18next';
import { writeFieldKey } from '../../../../shared/i18n/write-field';

export function fieldLabel(t: TFunction, field: string): string {
  return t(`listingEdit.fields.${writeFieldKey(field)}`, { defaultValue: field });
}

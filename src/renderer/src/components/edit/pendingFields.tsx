// Where the detail shows a field of the listing, a field the dealer's open edit changed shows the
// dealer's value marked pending with the portal's beside it: the header's price, the field cards
// and the edit's own panel all say it the same way.
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Formatters } from '../../hooks/useFormat';
import type { PendingEditView } from '../../hooks/listingEditChannels';
import { PendingValue } from './PendingValue';
import { writeFieldText, type CatalogueNames } from './writeFieldText';

/** The pending value of write-shape fields, or null when the edit changes none of them. */
export type PendingFields = (...fields: string[]) => ReactNode | null;

export const noPendingFields: PendingFields = () => null;

export function pendingFields(edit: PendingEditView | null, names: CatalogueNames, f: Formatters, t: TFunction): PendingFields {
  if (edit === null) return noPendingFields;
  return (...fields) => {
    const changed = edit.fields.filter((x) => fields.includes(x.field));
    if (changed.length === 0) return null;
    return changed.map(({ field, mine, portal }, i) => (
      <span key={field} data-pending-field={field}>
        {i > 0 && ' · '}
        <PendingValue t={t} value={writeFieldText(field, mine, f, t, names)} portal={writeFieldText(field, portal, f, t, names)} />
      </span>
    ));
  };
}

// The compared fields of a changed listing (shared/listing-changes.ts's CHANGE_FIELDS): the stored
// row against the columns a sync is about to write. Only a listing whose JSON changed is compared.
import { CHANGE_FIELDS, CHANGE_FIELD_NAMES, type ChangeValue, type FieldChange } from '../../shared/listing-changes';
import type { VehicleColumns } from './extract';

type Compared = Pick<VehicleColumns, (typeof CHANGE_FIELDS)[keyof typeof CHANGE_FIELDS]['column']>;
export type StoredFields = { [C in keyof Compared]: ChangeValue };

/** Reads the compared columns of one stored listing by its id. */
export const SELECT_COMPARED = `SELECT ${CHANGE_FIELD_NAMES.map((f) => CHANGE_FIELDS[f].column).join(', ')} FROM vehicles WHERE id = ?`;

/** The compared fields whose value differs, in CHANGE_FIELDS' order. */
export function changedFields(stored: StoredFields, next: Compared): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of CHANGE_FIELD_NAMES) {
    const column = CHANGE_FIELDS[field].column;
    const from = stored[column];
    const to = next[column];
    if (from !== to) changes.push({ field, from, to });
  }
  return changes;
}

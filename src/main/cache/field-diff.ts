// The compared fields of a changed listing (shared/listing-changes.ts's CHANGE_FIELDS): the stored
// row against the columns a sync is about to write. Only a listing whose JSON changed is compared.
import { isDeepStrictEqual } from 'node:util';
import { CHANGE_FIELDS, CHANGE_FIELD_NAMES, type ChangeValue, type FieldChange } from '../../shared/listing-changes';
import type { VehicleColumns } from './extract';

type Compared = Pick<VehicleColumns, (typeof CHANGE_FIELDS)[keyof typeof CHANGE_FIELDS]['column']>;
export type StoredFields = { [C in keyof Compared]: ChangeValue };

/** Reads the compared columns of one stored listing by its id. */
export const SELECT_COMPARED = `SELECT ${CHANGE_FIELD_NAMES.map((f) => CHANGE_FIELDS[f].column).join(', ')} FROM vehicles WHERE id = ?`;

/**
 * The compared fields whose value differs, in CHANGE_FIELDS' order. The fields named only alone
 * (the change's stamp, the address) are named when no other compared field changed and
 * `restUnchanged()` says the rest of the listing did not change either.
 */
export function changedFields(stored: StoredFields, next: Compared, restUnchanged: () => boolean): FieldChange[] {
  const differing = (alone: boolean): FieldChange[] =>
    CHANGE_FIELD_NAMES.filter((field) => 'alone' in CHANGE_FIELDS[field] === alone).flatMap((field) => {
      const column = CHANGE_FIELDS[field].column;
      const from = stored[column];
      const to = next[column];
      return from === to ? [] : [{ field, from, to }];
    });
  const changes = differing(false);
  return changes.length > 0 || !restUnchanged() ? changes : differing(true);
}

/** Whether two JSON texts of a listing are the same but for the fields named only alone. A stored copy that no longer reads (damaged) is the same as nothing. */
export function sameButAlone(before: string, after: string): boolean {
  const strip = (text: string): unknown => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return UNREADABLE;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const rest: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const key of ALONE_KEYS) delete rest[key];
    return rest;
  };
  const [a, b] = [strip(before), strip(after)];
  return a !== UNREADABLE && b !== UNREADABLE && isDeepStrictEqual(a, b);
}

const UNREADABLE = Symbol('unreadable');

/** The listing's JSON keys of the fields named only alone (their columns are named after them). */
const ALONE_KEYS = ['url', 'updatedAt'] as const;

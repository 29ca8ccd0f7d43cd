// A write-shape field's name in the dealer's words (listingEdit.fields), for the edit form and the
// command line alike: the trim goes by id on the wire; a field the dictionaries do not name (a
// newer portal's) is shown by its own name.
import type { Messages } from './en';

type Labelled = keyof Messages['listingEdit']['fields'];

const ALIASES: Readonly<Record<string, Labelled>> = { trimId: 'trim' };

/** The dictionary key of a write-shape field's label. */
export function writeFieldKey(field: string): string {
  return ALIASES[field] ?? field;
}

export function writeFieldLabel(messages: Messages, field: string): string {
  const labels: Readonly<Record<string, string>> = messages.listingEdit.fields;
  return labels[writeFieldKey(field)] ?? field;
}

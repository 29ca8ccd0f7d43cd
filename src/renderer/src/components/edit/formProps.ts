// What every section of the edit form gets: the draft, a way to change it, and each field's box id and errors.
import type { EditDraft } from '../../logic/editDraft';

export interface SectionProps {
  draft: EditDraft;
  set: (patch: Partial<EditDraft>) => void;
  /** The box of a write-shape field (the first error is focused by it). */
  idOf: (field: string) => string;
  errorsOf: (field: string) => readonly string[] | undefined;
}

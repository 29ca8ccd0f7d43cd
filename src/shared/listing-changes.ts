// What a sync changed, listing by listing: the kinds of change, the fields a sync compares for a
// changed listing (the listing's columns that say so, listing-columns.ts: the cache's diff, the CLI
// and the screens derive from them), and the view the renderer and the CLI show. Labels: `changes.kinds.*` and `changes.fields.*`.
import { z } from 'zod';
import { CHANGE_COLUMNS, LISTING_COLUMNS, type ChangeColumn } from './listing-columns';
import type { SyncRunView } from './views';

/**
 * - added: new on the portal; changed: its listing changed; removed: gone from the portal;
 * - dropped: the portal took it off (its publication became empty) and the plan read in the same
 *   sync explains it (no listing slot left);
 * - offElsewhere: taken off the portal, neither from here nor by the plan (other software, the
 *   portal's own site).
 */
export const LISTING_CHANGE_KINDS = ['added', 'changed', 'dropped', 'offElsewhere', 'removed'] as const;
export type ListingChangeKind = (typeof LISTING_CHANGE_KINDS)[number];

/** How many of the latest sync runs keep their list of changed listings (older runs keep their counts only). */
export const CHANGES_KEPT_RUNS = 20;
/** How many changed listings one run keeps: a sync that changed the whole stock stays cheap to record. */
export const CHANGES_KEPT_PER_RUN = 5000;

/** How a compared value reads: a price, a number, yes/no, a date and time, or text as the portal wrote it. */
export type ChangeFieldFormat = 'money' | 'number' | 'flag' | 'date' | 'text';

export interface ChangeFieldSpec {
  /** The column of `vehicles` that holds it (a fixed name, never from input). */
  column: string;
  format: ChangeFieldFormat;
  /**
   * Named only when it is all that changed (the rest of the listing's JSON is the same): the
   * portal's stamp of a change moves with every change, and its address is withheld for up to 45
   * minutes after every edit, so beside another change they would only repeat it.
   */
  alone?: true;
  /** Its place in a listing's changes: what matters most to the dealer first. */
  order: number;
}

/** The fields compared between the stored listing and the one a sync reads, in the order they are shown: the listing's columns that say `change` (listing-columns.ts). */
export type ChangeField = ChangeColumn;
export const CHANGE_FIELD_NAMES: readonly ChangeField[] = [...CHANGE_COLUMNS].sort((a, b) => LISTING_COLUMNS[a].change.order - LISTING_COLUMNS[b].change.order);
export const CHANGE_FIELDS = Object.fromEntries(CHANGE_FIELD_NAMES.map((name) => [name, LISTING_COLUMNS[name].change])) as {
  [K in ChangeColumn]: (typeof LISTING_COLUMNS)[K]['change'];
};

/** The names changes recorded before the listing's columns were declared once had (sync_changes keeps them): read as today's. */
export const FORMER_CHANGE_FIELDS: Readonly<Record<string, ChangeField>> = {
  publication: 'portal',
  highlight: 'highlighted',
  photos: 'pictureCount',
  rejectedPhotos: 'rejectedPhotoCount',
  version: 'trim',
  address: 'url',
};

export type ChangeValue = string | number | null;

export interface FieldChange {
  field: ChangeField;
  from: ChangeValue;
  to: ChangeValue;
}

/** One listing a sync run added, changed, saw dropped or removed. */
export interface ListingChange {
  reference: string;
  kind: ListingChangeKind;
  /** The listing's title when the run saw it (a removed listing's last known title). */
  title: string | null;
  /** For a changed, dropped or off listing: the compared fields that changed (empty: only other details did). */
  fields: FieldChange[];
}

export interface SyncChangesView {
  /** The run asked for (the last finished run when none was named); null when there is none. */
  run: SyncRunView | null;
  /** The listings, added first, then changed, dropped and removed; each kind by reference. */
  changes: ListingChange[];
  /** Changes the run made beyond what is kept per run (the list stops at the bound). */
  notKept: number;
  /** The run changed listings but their list is no longer kept (an older run, or one from before schema 9). */
  expired: boolean;
}

export const syncChangesInputSchema = z
  .object({
    runId: z
      .string()
      .regex(/^\d{1,15}$/)
      .optional(),
  })
  .strict();
export type SyncChangesInput = z.infer<typeof syncChangesInputSchema>;

// The dealer's pending changes as the inventory sees them: their statuses, and how an open change
// shows on its listing while the portal has not confirmed it (the overlay). Each change row of the
// ledger (main/cache/ledger-store.ts, in the local file attached as `local`) carries the overlay
// its kind declared when it was saved, so the SQL here reads every kind alike: the rows, the
// filters, the sort and the in-memory snapshot's columns are all built from these expressions.
import type { WriteIssue } from './listing-write';

import { SELL_KIND } from './sold';

/**
 * pending: saved, not sent; sending: a send is (or was, when cut short) in flight, its fate unknown;
 * sent: the portal accepted it, until a read shows it; confirmed: a read showed it; refused: the
 * portal said no; not_applied: accepted, but a read long after did not show it; discarded: the
 * dealer took it back before the portal took it (unsent, or refused).
 */
export const CHANGE_STATUSES = ['pending', 'sending', 'sent', 'confirmed', 'refused', 'not_applied', 'discarded'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

/**
 * Not on the portal as far as we know: the dealer can still take it back. 'sending' included: a
 * send that got no answer (offline, most often a refused connection) leaves it so, and that is the
 * change a dealer working offline wants to take back; should the portal have received it after
 * all, the next sync shows the listing as the portal has it. 'refused' too: the portal changed
 * nothing, and a dealer who does not want to fix it (an edit's value, a publish without room) can
 * drop it rather than leave it open in Needs attention.
 */
export const DISCARDABLE: readonly ChangeStatus[] = ['pending', 'sending', 'refused'];
/** The last error of a change Showroom's own checks refused before it was sent (main/changes/deliver.ts): it says so itself, not "refused by the portal". */
export const REFUSED_BY_CHECKS = 'ledger.refusedByChecks';
/** Waiting to be sent (a send cut short included): a sync sends them first. */
export const UNSENT: readonly ChangeStatus[] = ['pending', 'sending'];

/** A listing as a read shows it, as far as a change's confirmation looks (the cache's row, or the portal's answer). */
export interface ListingFacts {
  published: boolean;
  highlighted: boolean;
  value: number | null;
  mileage: number | null;
}

/** What a listing's columns become while a change of it is open: the fields an overlay may set. */
export interface OverlayFields {
  /** Where the listing stands on the portal ('pending': on its way off). */
  portal: 'pending';
  highlighted: 0 | 1;
  value: number;
  mileage: number;
  /** An edit's (main/changes/kinds/edit.ts): what the list, its filters and its sort read. */
  title: string | null;
  color: string;
  fuel: string;
  gearbox: string;
  modelYear: number;
  manufacturedYear: number;
  plate: string | null;
}
export type OverlayField = keyof OverlayFields;

/** A change's overlay: the fields it shows, in which of its statuses. */
export interface Overlay {
  statuses: readonly ChangeStatus[];
  fields: Partial<OverlayFields>;
}

/** Change `c` is open and, in its status now, shows `field`. */
const shows = (field: OverlayField): string =>
  `c.closed_at IS NULL AND json_type(c.overlay, '$.fields.${field}') IS NOT NULL AND c.status IN (SELECT value FROM json_each(c.overlay, '$.statuses'))`;

/**
 * Whether listing `v` is among the listings whose references `references` selects. The ledger keys
 * its changes by reference (it outlives the cache's ids), but each of the 100,000 listings a
 * snapshot reads probes the set: the few references become the cache's integer ids once per
 * statement, through the reference's unique index, and each probe compares integers (measured in
 * docs/measurements.md, the attention bench).
 */
export const byId = (references: string): string => `v.id IN (SELECT k.id FROM vehicles k WHERE k.reference IN (${references}))`;

/**
 * Listing `v` is in the inventory: no sale of it is open, or the portal refused it. A listing
 * marked sold leaves the inventory at once (its list, counts, filters and the insights' stock),
 * shown in the Sold view as a sale pending until the sync that no longer finds it; refused, it
 * comes back with the refusal. Every read of the stock filters by this one expression.
 */
export const IN_STOCK_SQL = `NOT ${byId(`SELECT c.reference FROM local.pending_changes c WHERE c.kind = '${SELL_KIND}' AND c.closed_at IS NULL AND c.status != 'refused'`)}`;

/** Whether any open change shows `field` now: one row of the ledger read, or none. */
export const anyOverlaySql = (field: OverlayField): string => `SELECT 1 FROM local.pending_changes c WHERE ${shows(field)} LIMIT 1`;

/**
 * Listing `v`'s `base` column as its latest open change showing `field` overlays it. The IN is not
 * correlated with `v`: SQLite reads the ledger's few rows once per statement into a set and each
 * listing costs one probe, so a snapshot still reads 100,000 listings in one pass; only a listing
 * with such a change reads it.
 */
export function overlaid(field: OverlayField, base: string): string {
  // First whether any change shows the field at all: a non-correlated scalar, read once per
  // statement, so with none (the usual case) a listing costs no probe.
  return `(CASE WHEN (${anyOverlaySql(field)}) IS NULL THEN ${base}
    WHEN ${byId(`SELECT c.reference FROM local.pending_changes c WHERE ${shows(field)}`)}
    THEN (SELECT json_extract(c.overlay, '$.fields.${field}') FROM local.pending_changes c WHERE c.reference = v.reference AND ${shows(field)} ORDER BY c.id DESC LIMIT 1)
    ELSE ${base} END)`;
}

/**
 * For listing `v`, each of `columns` (a row column by the overlay field it shows, with the SQL of
 * the portal's value under it) that an open change shows now, as one JSON object of the portal's
 * values by column name: what the list prints beside the pending value. NULL when none; as in
 * `overlaid`, a listing without an open change costs one probe, and with none open, none.
 */
export function portalValuesSql(columns: ReadonlyArray<{ name: string; field: OverlayField; base: string }>): string {
  const open = `c.closed_at IS NULL AND c.overlay IS NOT NULL`;
  const keys = columns.map((c) => `'${c.field}'`).join(', ');
  const pairs = columns.map((c) => `WHEN '${c.field}' THEN json_array('${c.name}', ${c.base})`).join(' ');
  return `(CASE WHEN (SELECT 1 FROM local.pending_changes c WHERE ${open} LIMIT 1) IS NULL THEN NULL
    WHEN v.reference IN (SELECT c.reference FROM local.pending_changes c WHERE ${open})
    THEN (SELECT json_group_array(json(CASE f.key ${pairs} END)) FROM local.pending_changes c, json_each(c.overlay, '$.fields') f
      WHERE c.reference = v.reference AND ${open} AND c.status IN (SELECT value FROM json_each(c.overlay, '$.statuses')) AND f.key IN (${keys}))
    END)`;
}

/** Where listing `v` stands on the portal: off, on, or on its way off (an unpublish the portal accepted). */
export const PORTAL_STATE_SQL = `(CASE WHEN v.published = 0 THEN 'off' ELSE ${overlaid('portal', "'on'")} END)`;

/**
 * Listings whose latest change of a slot (a newer one replaces what an older one of its slot
 * asked) is open and passes `test` over `c`. Not correlated with `v`, as above.
 */
export const latestOpenChange = (test: string): string =>
  byId(`SELECT c.reference FROM local.pending_changes c WHERE c.closed_at IS NULL AND ${test}
    AND c.id = (SELECT max(l.id) FROM local.pending_changes l WHERE l.reference = c.reference AND l.slot = c.slot AND l.status != 'discarded')`);

/** One open pending change as the app and `showroom pending` list it. */
export interface PendingChangeView {
  id: number;
  kind: string;
  reference: string;
  /** The listing's title, when it is cached. */
  title: string | null;
  status: ChangeStatus;
  createdAt: string;
  attempts: number;
  /** The last error as a message code and its parameters (shown in the reader's language). */
  error: { code: string; params?: Readonly<Record<string, string | number>> } | null;
  /** Not sent yet: the dealer can still take it back. */
  discardable: boolean;
}

/** Which changes to discard: one by its id, or every change of a listing not sent yet. */
export type DiscardTarget = { id: number } | { reference: string };

/** One field of a listing's open edit: the dealer's value beside the portal's (as the last read has it). */
export interface EditFieldView {
  /** The write shape's name (shared/listing-write.ts): value, mileage, title, pictures… */
  field: string;
  mine: unknown;
  /** As the listing was last read (null when it has none). */
  portal: unknown;
  /** Changed on the portal too, to another value: the change waits for the dealer's choice. */
  conflict: { portal: unknown; original: unknown } | null;
  /** The portal refused the edit with these words for this field. */
  refusal: string | null;
}

/** A listing's open edit as the detail, the form and `showroom show` see it (null: none). */
export interface PendingEditView {
  changeId: number;
  status: ChangeStatus;
  /** Held: a conflict waits for the dealer; nothing is sent until every field is chosen. */
  held: boolean;
  fields: EditFieldView[];
  /** Why the portal refused it, as a whole (its words, or a code); null when it did not. */
  error: { code: string; params?: Readonly<Record<string, string | number>> } | null;
  /** Refused by Showroom's own checks before it was sent (not by the portal): the failed fields, in the dealer's words. */
  checks: readonly WriteIssue[] | null;
  /** Not sent yet: it can be taken back. */
  discardable: boolean;
}

/** What only Showroom knows of a listing's photos and video (local schema 5). */
export interface ListingExtrasView {
  /** The photos the portal rejected can be sent again in one click: Showroom sent them and knows their addresses. */
  canSendPhotosAgain: boolean;
  /** The video link typed here, sent again with every edit made here; null: none known (reads never show one). */
  videoUrl: string | null;
}

/** What became of an edit when it was saved: sent (the portal accepted it, pending until a read shows it), queued for the next sync, held by a conflict, or refused. */
export interface EditOutcome {
  reference: string;
  outcome: 'sent' | 'queued' | 'held' | 'refused';
  changeId: number;
  /** In English (logs, --json); `code` and `params` name it in the dictionaries. */
  message: string;
  code?: string;
  params?: Readonly<Record<string, string | number>>;
  /** A refusal's words by the field each names. */
  fields?: Readonly<Record<string, string>>;
}

/** The dealer's choice on a held edit: keep their value or the portal's, for one field or every one in conflict. */
export interface ResolveChoice {
  keep: 'mine' | 'portal';
  field?: string;
}

/**
 * A new listing not on the portal yet (main/changes/kinds/create.ts): 'draft' until it is sent,
 * 'creating' while the portal queues it (it answers 202 for it) and no read has shown it,
 * 'refused' with the portal's words per field until corrected and sent again.
 */
export type NewListingState = 'draft' | 'creating' | 'refused';

export interface NewListingView {
  changeId: number;
  reference: string;
  state: NewListingState;
  status: ChangeStatus;
  createdAt: string;
  /** The listing as saved: the write shape (shared/listing-write.ts), what the form opens with. */
  listing: Readonly<Record<string, unknown>>;
  error: { code: string; params?: Readonly<Record<string, string | number>> } | null;
  /** The portal's words by the field each names. */
  refusals: Readonly<Record<string, string>>;
  /** Refused by Showroom's own checks before it was sent (not by the portal): the failed fields, in the dealer's words. */
  checks: readonly WriteIssue[] | null;
  discardable: boolean;
}

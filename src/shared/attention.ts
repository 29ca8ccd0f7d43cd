// The listings that need the dealer, and why: each reason as a fixed SQL test over `vehicles v`,
// declared once. The inventory's filter `attention` (inventory-filters.ts) is each listing's first
// reason in this order (its most urgent), so the snapshot packs it like any state and counts it
// at once at 100,000 listings; the rows carry every reason (main/cache/rows.ts) for the
// "Needs attention" view. The fix for each reason is in the dictionaries (attention.fix.<reason>).
import { byId, latestOpenChange } from './pending-changes';
import type { PublicationStateView } from './views';

/** How long a listing on the portal may go without its address after an edit before it needs the dealer. */
export const ADDRESS_GRACE_MS = 45 * 60_000;

/**
 * The cache's clock in SQL, in ms since the epoch (main/cache/now.ts registers it on each
 * connection): the tests freeze it, and the snapshot knows when a listing's grace ends.
 */
const NOW_MS = 'showroom_now_ms()';

/** The meta key under which main/sync/plan.ts keeps the plan the last sync read. */
export const PLAN_META_KEY = 'sync.plan';

/** The plan's listing limit (adsQuantity), as the last sync read it; NULL when none has. Each run records it (main/cache/runs.ts). */
export const PLAN_LISTINGS_SQL = `(SELECT CAST(json_extract(m.value, '$.plan.currentPlan.adsQuantity') AS INTEGER) FROM meta m WHERE m.key = '${PLAN_META_KEY}')`;

/** The plan's photos per listing as the last sync read it; NULL when never read (then no listing has too few). Also read by the insights. */
export const PLAN_PICTURES = `(SELECT CAST(json_extract(m.value, '$.plan.currentPlan.pictureQuantity') AS INTEGER) FROM meta m WHERE m.key = '${PLAN_META_KEY}')`;

/** On the portal (published, or an unpublish still pending) without an address since the last edit. */
const ADDRESS_WAITING = 'v.published = 1 AND v.url IS NULL AND v.updated_ms IS NOT NULL';

/** A change the portal refused, whose kind gives this reason (main/changes). */
const refusedTest = (reason: string): string => `c.status = 'refused' AND c.reason = '${reason}'`;

/**
 * The reasons read from the pending-change ledger, most urgent first: each a test of a change `c`,
 * which gives the reason while it is its slot's latest and open.
 */
const LEDGER_TESTS = {
  unpublishRefused: refusedTest('unpublishRefused'),
  publishRefused: refusedTest('publishRefused'),
  highlightRefused: refusedTest('highlightRefused'),
  /** An edit held back: a field the dealer changed was changed on the portal too (main/changes/kinds/edit.ts). */
  editConflict: 'c.conflict IS NOT NULL',
  editRefused: refusedTest('editRefused'),
  sellRefused: refusedTest('sellRefused'),
  /** Accepted, but a read long after did not show it (main/cache/ledger-store.ts, NOT_APPLIED_AFTER_MS). */
  requestNotApplied: "c.status = 'not_applied'",
} as const;
type LedgerReason = keyof typeof LEDGER_TESTS;
const LEDGER_REASONS = Object.keys(LEDGER_TESTS) as LedgerReason[];

/** Each reason's test, most urgent first: what the dealer asked and the portal refused, then what the portal hides, then what could be better. */
const REASON_SQL = {
  ...(Object.fromEntries(LEDGER_REASONS.map((r) => [r, latestOpenChange(LEDGER_TESTS[r])])) as Record<LedgerReason, string>),
  droppedByPlan: "v.published = 0 AND v.off_cause = 'dropped_by_portal'",
  /** Active, off the portal, neither from here nor by the plan, and no publish on its way: money lost until it is published again. */
  offPortal: `v.published = 0 AND v.active = 1 AND v.off_cause IS NULL AND NOT ${latestOpenChange("c.kind = 'publish'")}`,
  rejectedPhotos: 'v.rejected_photo_count > 0',
  addressMissing: `${ADDRESS_WAITING} AND v.updated_ms <= ${NOW_MS} - ${ADDRESS_GRACE_MS}`,
  dataProblem: 'v.has_problems = 1',
  inactive: 'v.active = 0',
  fewerPhotos: `v.picture_count < ${PLAN_PICTURES}`,
} as const;

export type AttentionReason = keyof typeof REASON_SQL;
export const ATTENTION_REASONS = Object.keys(REASON_SQL) as AttentionReason[];

/**
 * Reasons that suggest rather than need: shown in the view with their fix, but not counted in
 * the number beside "Needs attention" (most dealers list fewer photos than their plan allows; a
 * count that equals the whole stock would say nothing). They come last in the order, so a listing
 * whose first reason is one of them has no other.
 */
export const SUGGESTION_REASONS: readonly AttentionReason[] = ['fewerPhotos'];

/** Whether a first reason is only a suggestion (not counted as needing attention anywhere). */
export function isSuggestion(value: AttentionValue): boolean {
  return (SUGGESTION_REASONS as readonly string[]).includes(value);
}

/**
 * The count of listings that need attention, one definition for the badge, Needs attention's count,
 * the insights' bar and the CLI: those whose first reason is one of these (every reason but the suggestions).
 */
export const COUNTED_REASONS: readonly AttentionReason[] = ATTENTION_REASONS.filter((r) => !isSuggestion(r));

/** The filter's values: 'none' first (the snapshot's fallback for anything unknown), then the reasons in order. */
export const ATTENTION_VALUES = ['none', ...ATTENTION_REASONS] as readonly ['none', ...AttentionReason[]];
export type AttentionValue = (typeof ATTENTION_VALUES)[number];

const COLUMN_REASONS = ATTENTION_REASONS.filter((r) => !(LEDGER_REASONS as readonly string[]).includes(r));

/**
 * Listings with an open change that passes any ledger reason's test: a superset of those with a
 * ledger reason (each also asks to be its slot's latest). Tested first, so a listing with none
 * (nearly all of them) costs one probe of the ledger instead of one per ledger reason; only the
 * few in it test each reason.
 */
const IN_LEDGER = byId(
  `SELECT c.reference FROM local.pending_changes c WHERE c.closed_at IS NULL AND (${LEDGER_REASONS.map((r) => `(${LEDGER_TESTS[r]})`).join(' OR ')})`,
);

const whens = (reasons: readonly AttentionReason[]): string => reasons.map((r) => `WHEN ${REASON_SQL[r]} THEN '${r}'`).join(' ');
const bits = (reasons: readonly AttentionReason[]): string =>
  reasons.map((r) => `(CASE WHEN ${REASON_SQL[r]} THEN ${2 ** ATTENTION_REASONS.indexOf(r)} ELSE 0 END)`).join(' + ');

/** A listing's first reason, or 'none' (the ledger's reasons come first in the order). */
export const ATTENTION_SQL = `(CASE WHEN ${IN_LEDGER} THEN (CASE ${whens(ATTENTION_REASONS)} ELSE 'none' END) ELSE (CASE ${whens(COLUMN_REASONS)} ELSE 'none' END) END)`;

/** Every reason of a listing as bits (bit i: ATTENTION_REASONS[i]), for the rows. */
export const ATTENTION_MASK_SQL = `((CASE WHEN ${IN_LEDGER} THEN ${bits(LEDGER_REASONS)} ELSE 0 END) + ${bits(COLUMN_REASONS)})`;

/**
 * When the next listing's grace for its address ends (ms), or NULL: until then the reasons stay
 * as computed; after it, a listing may need the dealer without any write to the table.
 */
export const ATTENTION_NEXT_CHANGE_SQL = `SELECT min(v.updated_ms) + ${ADDRESS_GRACE_MS} FROM vehicles v WHERE ${ADDRESS_WAITING} AND v.updated_ms > ${NOW_MS} - ${ADDRESS_GRACE_MS}`;

/**
 * The portal's message for a listing's refused request (any action), shown beside its reason: a
 * refusal is the first reason of a listing that has one, so it heads the section the listing is in.
 */
export function refusalMessage(publication: Pick<PublicationStateView, 'request'>): string | null {
  return publication.request?.status === 'refused' ? publication.request.message : null;
}

/** The reasons in a mask from ATTENTION_MASK_SQL, in order. */
export function reasonsOfMask(mask: number): AttentionReason[] {
  return ATTENTION_REASONS.filter((_, i) => (mask & (2 ** i)) !== 0);
}

// Bulk repricing (issue #33): a rule (shared/reprice.ts) over the listings of a view or a selection,
// previewed without saving anything, then saved as pending edits of the price in one durable
// transaction, tagged with one batch id: the next sync sends them like any edit, and while they are
// unsent the whole batch is taken back in one step. A later edit of a repriced listing joins the
// batch's change (one pending edit per listing; changes/ledger.ts): what the dealer typed then is
// theirs, so taking the batch back takes back only the fields still the batch's and keeps the rest.
import { randomUUID } from 'node:crypto';
import { codedError } from '../../shared/i18n/messages';
import { listingEditSchema, type ListingEdit } from '../../shared/listing-write';
import { DISCARDABLE } from '../../shared/pending-changes';
import {
  previewReprice,
  repriceLine,
  repriceOne,
  repriceRuleSchema,
  repriceTally,
  type RepriceBatchView,
  type RepriceLine,
  type RepriceListing,
  type RepricePreviewView,
  type RepriceRule,
  type RepriceSaved,
  type RepriceScope,
} from '../../shared/reprice';
import type { Vehicle } from '../../shared/vehicle';
import type { Cache, NewChange, PendingChange } from '../cache';
import { setFields } from '../cache/ledger-store';
import { EDIT_KIND } from './kinds/edit';
import { changeKind } from './registry';

/** How many lines a preview carries when not told (the dialog shows them and counts the rest). */
export const PREVIEW_LINES = 500;

/** The fields a repricing sets: the price, and the installments when the dealer clears them. */
const REPRICED_FIELDS = ['value', 'amountPerInstallment', 'amountOfInstallments'] as const;

function ruleOf(input: unknown): RepriceRule {
  const parsed = repriceRuleSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const code = issue?.message === 'reprice.floorAboveCeiling' ? 'reprice.floorAboveCeiling' : 'reprice.badRule';
  throw codedError('bad_input', { code, params: { problem: `${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim() } });
}

/** The open edits carrying a price, by listing (the latest last): a price change pending. */
function pendingPrices(cache: Cache): Map<string, PendingChange[]> {
  const out = new Map<string, PendingChange[]>();
  for (const change of cache.ledger.open()) {
    if (change.kind !== EDIT_KIND || change.status === 'discarded') continue;
    const edit = listingEditSchema.safeParse(change.payload);
    if (!edit.success || edit.data.value === undefined) continue;
    const of = out.get(change.reference);
    if (of) of.push(change);
    else out.set(change.reference, [change]);
  }
  return out;
}

/** The price a listing's latest open edit carrying one sets (null: none). */
const pendingPriceOf = (changes: readonly PendingChange[] | undefined): number | null => {
  const latest = changes?.at(-1);
  return latest === undefined ? null : ((latest.payload as ListingEdit).value ?? null);
};

/** The fields of a batch's change a later edit of the dealer's set (not the batch's). */
function laterFields(change: PendingChange): string[] {
  const batchFields = change.batchFields ?? [];
  return setFields(change.payload).filter((f) => !batchFields.includes(f));
}

export function createRepricing(cache: Cache) {
  /** The rule over every listing of the scope, each read in full (what saving needs). */
  function run(scope: RepriceScope, rule: RepriceRule) {
    const prices = cache.listingPrices(scope);
    const pending = pendingPrices(cache);
    const listings: RepriceListing[] = prices.map((p) => ({
      reference: p.reference,
      title: p.title,
      price: p.price,
      pendingPrice: pendingPriceOf(pending.get(p.reference)),
      installments: p.financed,
    }));
    return { prices, pending, ...previewReprice(listings, rule) };
  }

  /**
   * What the rule would do, nothing saved: the summary over every listing, and the first `limit`
   * lines (changed ones first), as `run` gives them. The summary needs each listing's prices and
   * installments alone, read from memory; a reference and a title are read only for a line shown.
   */
  function preview(scope: RepriceScope, ruleInput: unknown, limit = PREVIEW_LINES): RepricePreviewView {
    const rule = ruleOf(ruleInput);
    const columns = cache.priceColumns(scope);
    const pending = pendingPrices(cache);
    const pendingAt = new Map<number, number | null>();
    for (const [reference, place] of columns.placesOf([...pending.keys()])) pendingAt.set(place, pendingPriceOf(pending.get(reference)));
    const listingAt = (place: number) => {
      const price = columns.prices[place] as number;
      return { price: Number.isNaN(price) ? null : price, pendingPrice: pendingAt.get(place) ?? null, installments: columns.financed[place] === 1 };
    };
    const tally = repriceTally();
    const changed: number[] = [];
    const unchanged: number[] = [];
    for (let place = 0; place < columns.prices.length; place++) {
      const listing = listingAt(place);
      const outcome = repriceOne(listing, rule);
      tally.add(listing, outcome);
      const shown = 'unchanged' in outcome ? unchanged : changed;
      if (shown.length < limit) shown.push(place);
    }
    const places = [...changed, ...unchanged].slice(0, limit);
    const labels = columns.labelsAt(places);
    const lines: RepriceLine[] = [];
    places.forEach((place, i) => {
      const label = labels[i];
      if (label === undefined) return;
      const listing = { ...label, ...listingAt(place) };
      lines.push(repriceLine(listing, repriceOne(listing, rule)));
    });
    return { summary: tally.summary(), lines };
  }

  /**
   * Saves every change the rule makes as a pending edit of the price, in one transaction, as one
   * batch. A pending price it replaces (the dealer chose so) is taken out of the edit not sent yet
   * that carried it (the edit discarded when nothing else is left in it); one already sent stays,
   * and the batch's goes after it.
   */
  function confirm(scope: RepriceScope, ruleInput: unknown): RepriceSaved {
    const rule = ruleOf(ruleInput);
    const { prices, pending, summary, lines } = run(scope, rule);
    const changed = lines.filter((l) => l.unchanged === null);
    const kind = changeKind(EDIT_KIND);
    const updatedAt = new Map(prices.map((p) => [p.reference, p.updatedAt]));
    // The base an edit keeps is the listing's value of each field it changes: the price is in hand; the installments are read for the listings whose installments are cleared.
    const financed =
      rule.installments === 'clear' ? cache.listingsOf(changed.filter((l) => l.installments).map((l) => l.reference)) : new Map<string, Vehicle>();
    const changes: NewChange[] = changed.map((line) => {
      const clear = rule.installments === 'clear' && line.installments;
      const payload = kind.parse({ value: line.newPrice, ...(clear ? { amountPerInstallment: 0, amountOfInstallments: 0 } : {}) });
      return {
        kind: kind.name,
        reference: line.reference,
        payload,
        base: {
          ...kind.base(
            { published: false, highlighted: false, value: line.price, mileage: null },
            financed.get(line.reference) ?? (line.price === null ? {} : { value: line.price }),
            payload,
          ),
          updatedAt: updatedAt.get(line.reference) ?? null,
        },
        slot: kind.slot,
        reason: kind.refusedReason,
        overlay: kind.overlay(payload),
      };
    });
    const replaced = changed.flatMap((l) => (l.pendingPrice === null ? [] : (pending.get(l.reference) ?? [])));
    const batch = randomUUID();
    const saved = cache.ledger.saveBatch(batch, changes, () => {
      for (const change of replaced) if (DISCARDABLE.includes(change.status) || change.status === 'refused') withoutFields(change, REPRICED_FIELDS);
      // Each new price joins its listing's price history as set by a bulk repricing, in the same step.
      for (const line of changed) if (line.newPrice !== null) cache.prices.recordSet(line.reference, line.newPrice, 'bulk', null);
    });
    return { batch, saved, summary };
  }

  /** An edit not sent yet without `fields` (a repricing's, or what is still a batch's); discarded when nothing else is left. */
  function withoutFields(change: PendingChange, fields: readonly string[]): void {
    const kind = changeKind(change.kind);
    const payload: Record<string, unknown> = { ...(change.payload as Record<string, unknown>) };
    const base = { ...change.base };
    const conflict = change.conflict === null ? null : { ...change.conflict };
    for (const field of fields) {
      delete payload[field];
      delete base[field];
      if (conflict !== null) delete conflict[field];
    }
    if (Object.keys(payload).length === 0) {
      if (!cache.ledger.discard(change.id)) cache.ledger.close(change.id);
      return;
    }
    const left = conflict === null || Object.keys(conflict).length === 0 ? null : conflict;
    cache.ledger.revise(change.id, { payload: kind.parse(payload), base, overlay: kind.overlay(payload), conflict: left });
  }

  /** What became of a batch: how many wait, went, were confirmed, and each refusal in the portal's words. */
  function status(batch: string): RepriceBatchView {
    const changes = cache.ledger.batch(batch);
    if (changes.length === 0) throw codedError('not_found', { code: 'reprice.noSuchBatch', params: { batch } });
    const view: RepriceBatchView = { batch, total: changes.length, waiting: 0, sent: 0, confirmed: 0, discarded: 0, edited: 0, released: 0, refused: [] };
    for (const c of changes) {
      const own = laterFields(c);
      // Nothing of the batch's left in it (taken back, or typed over): the dealer's own edit now.
      if (own.length > 0 && c.batchFields?.length === 0) {
        view.released++;
        continue;
      }
      if (own.length > 0 && c.status !== 'discarded') view.edited++;
      if (c.status === 'pending' || c.status === 'sending') view.waiting++;
      else if (c.status === 'sent' || c.status === 'not_applied') view.sent++;
      else if (c.status === 'confirmed') view.confirmed++;
      else if (c.status === 'discarded') view.discarded++;
      else view.refused.push({ reference: c.reference, error: c.lastError, fields: c.refusedFields });
    }
    return view;
  }

  /**
   * Takes back every change of the batch not sent yet (the ones sent stay); one a later edit of the
   * dealer's joined loses only the batch's fields and keeps theirs, waiting to be sent. What is left of it.
   */
  function discard(batch: string): RepriceBatchView {
    status(batch);
    cache.transaction(() => {
      for (const c of cache.ledger.batch(batch)) {
        if (c.closedAt !== null || !DISCARDABLE.includes(c.status) || c.batchFields === null || c.batchFields.length === 0) continue;
        if (laterFields(c).length > 0) withoutFields(c, c.batchFields);
      }
      cache.ledger.discardBatch(batch);
    });
    return status(batch);
  }

  return { preview, confirm, status, discard };
}

// Marking listings as sold, as the dealer asks it (the app's detail and bulk bar, `showroom sold`):
// each sale is saved in the ledger first (durably) as a change of the sell kind
// (changes/kinds/sell.ts). The app leaves it there, to be sent at the next sync, so the dealer can
// take it back until then; the command line, whose `--yes` is the dealer's confirmation, sends it
// at once when the portal answers. Confirmed by a read that no longer finds the listing.
import type { MessageParams } from '../../shared/errors';
import type { MessageCode } from '../../shared/i18n/messages';
import { UNSENT } from '../../shared/pending-changes';
import type { SaleOutcome } from '../../shared/sold';
import type { Delivery, DeliveryDeps } from '../changes/deliver';
import { SELL_KIND } from '../changes/kinds/sell';
import { createChanges } from '../changes/ledger';

export interface SalesDeps extends DeliveryDeps {
  delivery: Delivery;
}

export type Sales = ReturnType<typeof createSales>;

const outcome = (reference: string, o: SaleOutcome['outcome'], changeId: number | null, code: MessageCode, params?: MessageParams): SaleOutcome => ({
  reference,
  outcome: o,
  changeId,
  code,
  ...(params === undefined ? {} : { params }),
});

export function createSales(deps: SalesDeps) {
  const { cache, delivery } = deps;
  const changes = createChanges(cache);

  /** One outcome per reference, in order: `send` delivers each now (stopping at the first the portal cannot be reached for). */
  async function sell(references: readonly string[], options: { send: boolean; signal?: AbortSignal }): Promise<SaleOutcome[]> {
    const unique = [...new Set(references)];
    const open = cache.ledger.openOf(unique);
    const out = new Map<string, SaleOutcome>();
    const toSave: string[] = [];
    for (const reference of unique) {
      if (!cache.vehicles.has(reference)) {
        out.set(reference, outcome(reference, 'refused', null, 'sold.notInInventory', { reference }));
        continue;
      }
      const earlier = open.get(reference)?.find((c) => c.kind === SELL_KIND && c.status !== 'discarded');
      if (earlier !== undefined && !UNSENT.includes(earlier.status)) out.set(reference, outcome(reference, 'sent', earlier.id, 'sold.alreadySent'));
      else toSave.push(reference);
    }
    // The dealer's intent first, on disk, in one step.
    const saved = cache.transaction(() => toSave.map((reference) => changes.save(SELL_KIND, reference, {})));
    const signal = options.signal ?? new AbortController().signal;
    let unreachable = false;
    for (const change of saved) {
      if (!options.send || unreachable || signal.aborted) {
        out.set(change.reference, outcome(change.reference, 'queued', change.id, 'sold.saved'));
        continue;
      }
      const result = await delivery.deliver(change, signal);
      delivery.settle(change, result);
      if (result.kind === 'accepted') out.set(change.reference, outcome(change.reference, 'sent', change.id, 'sold.sent'));
      else if (result.kind === 'refused' || result.kind === 'not_found' || result.kind === 'unchecked')
        out.set(
          change.reference,
          outcome(change.reference, 'refused', change.id, (result.code ?? 'sold.refused') as MessageCode, result.params ?? { message: result.message }),
        );
      else {
        if (result.kind === 'later') unreachable = true;
        out.set(change.reference, outcome(change.reference, 'queued', change.id, 'sold.saved'));
      }
    }
    return unique.map((r) => out.get(r) ?? outcome(r, 'queued', null, 'sold.saved'));
  }

  return { sell };
}

// The one gateway for writes to what the inventory shows: the listings (vehicles.ts) and the
// dealer's pending changes (ledger-store.ts), whose open changes overlay the listings and give
// them reasons to need the dealer. A write made through it always moves the generation
// (generation.ts), so the in-memory snapshot and the search's match sets are rebuilt from the next
// read; a store never has to remember to say so.
import type { Db } from './db';
import { generationOf } from './generation';

export type Write = <T>(write: () => T, changedAnything?: (result: T) => boolean) => T;

/** `write(fn, changedAnything?)`: runs a write; unless it says it changed nothing, the listings' state moves. A write that throws may have changed something. */
export function inventoryWrites(db: Db): Write {
  const generation = generationOf(db);
  return <T>(write: () => T, changedAnything: (result: T) => boolean = () => true): T => {
    let result: T;
    try {
      result = write();
    } catch (error) {
      generation.changed();
      throw error;
    }
    if (changedAnything(result)) generation.changed();
    return result;
  };
}

// The portal's catalogue mirrored into the cache, so that the edit form works offline. A sync reads
// it at most once a day (the time of the last whole read is kept in meta); the dealer can ask for it
// at once, or for one brand's models or one model's trims.
//
// What a whole read covers: the accessories and brands of both vehicle types and the seller options
// (5 requests), the models of every brand the stock has or the mirror already holds, and the trims
// of every model the stock has or the mirror holds. Not every brand's models and every model's
// trims: a production catalogue has thousands of models, a request each, which would spend minutes
// of the rate limit every day on lists the dealer never opens. Those are read when the form asks
// (refresh by brand or model) and from then on kept fresh with the rest.
//
// Read defensively: a list the portal does not have (404) or cannot answer is recorded as such
// and keeps what was read before; only what stops every request (offline, the token refused, a
// cancel) stops the read.
import type { CatalogueListName, CatalogueRefresh, CatalogueView } from '../../shared/catalogue';
import { stopsBatch } from '../../shared/error-policy';
import { toErrorShape } from '../../shared/errors';
import { forEachLimit } from '../base/pool';
import type { Cache } from '../cache';
import type { CatalogueRead, PortalClient } from '../portal';

export const CATALOGUE_READ_EVERY_MS = 24 * 60 * 60 * 1000;
export const CATALOGUE_META_KEY = 'catalogue.read_at';
const VEHICLE_TYPES = ['C', 'M'] as const;
/** Lists read at once: the portal client's pacer keeps them within the rate limit. */
const CONCURRENCY = 4;

export type CataloguePortal = Pick<PortalClient, 'getAccessories' | 'getOtherInfos' | 'getBrands' | 'getModels' | 'getTrims'>;

export interface CatalogueMirror {
  /** A whole read when the last one is a day old or more (a sync calls it). Never throws: a read that could not be made is tried at the next sync. */
  syncIfDue(options?: { signal?: AbortSignal }): Promise<'read' | 'not_due' | 'failed'>;
  /** Reads now: the whole catalogue, one brand's models or one model's trims. Offline or refused: throws. */
  refresh(target: CatalogueRefresh, options?: { signal?: AbortSignal }): Promise<CatalogueView>;
  /** The mirror as stored (no request). */
  view(): CatalogueView;
}

interface ListKey {
  list: CatalogueListName;
  parent: string;
}

export function createCatalogueMirror(deps: { cache: Cache; portal: CataloguePortal; now?: () => number }): CatalogueMirror {
  const { cache, portal } = deps;
  const now = deps.now ?? Date.now;
  const signalOf = (options?: { signal?: AbortSignal }) => options?.signal ?? new AbortController().signal;

  const ask = (key: ListKey, signal: AbortSignal): Promise<CatalogueRead> => {
    switch (key.list) {
      case 'accessories':
        return portal.getAccessories(key.parent, { signal });
      case 'otherInfos':
        return portal.getOtherInfos({ signal });
      case 'brands':
        return portal.getBrands(key.parent, { signal });
      case 'models':
        return portal.getModels(Number(key.parent), { signal });
      case 'trims':
        return portal.getTrims(Number(key.parent), { signal });
    }
  };

  /** One list read and stored; a failure is recorded unless it stops every request (then thrown). */
  async function readList(key: ListKey, signal: AbortSignal): Promise<boolean> {
    try {
      const read = await ask(key, signal);
      cache.catalogue.replace(key.list, key.parent, read.items, read.skipped, new Date(now()).toISOString());
      return true;
    } catch (error) {
      const shape = toErrorShape(error);
      if (shape.kind === 'cancelled' || stopsBatch(shape.kind)) throw error;
      cache.catalogue.failed(key.list, key.parent, shape.kind === 'not_found' ? 'missing' : 'failed', shape);
      return shape.kind === 'not_found';
    }
  }

  async function readAll(keys: readonly ListKey[], signal: AbortSignal): Promise<number> {
    let answered = 0;
    await forEachLimit(
      keys,
      CONCURRENCY,
      async (key, inner) => {
        if (await readList(key, inner)) answered++;
      },
      signal,
    );
    return answered;
  }

  /** Brands and models the stock has or the mirror holds lists for, as list parents. */
  function parentsOf(list: 'models' | 'trims'): string[] {
    const stock = cache.catalogue.stockParents();
    const ids = list === 'models' ? stock.brandIds : stock.modelIds;
    const held = cache.catalogue
      .lists()
      .filter((l) => l.list === list)
      .map((l) => l.parent);
    return [...new Set([...ids.map(String), ...held])];
  }

  async function wholeRead(signal: AbortSignal): Promise<number> {
    const top: ListKey[] = [
      ...VEHICLE_TYPES.map((type) => ({ list: 'accessories' as const, parent: type })),
      { list: 'otherInfos', parent: '' },
      ...VEHICLE_TYPES.map((type) => ({ list: 'brands' as const, parent: type })),
    ];
    let answered = await readAll(top, signal);
    answered += await readAll(
      parentsOf('models').map((parent) => ({ list: 'models', parent })),
      signal,
    );
    answered += await readAll(
      parentsOf('trims').map((parent) => ({ list: 'trims', parent })),
      signal,
    );
    // Read at all (even if some lists were missing): the next whole read is a day away.
    if (answered > 0) cache.meta.set(CATALOGUE_META_KEY, new Date(now()).toISOString());
    return answered;
  }

  const view = (): CatalogueView => ({ readAt: cache.meta.get(CATALOGUE_META_KEY), lists: cache.catalogue.lists() });

  return {
    async syncIfDue(options) {
      const last = Date.parse(cache.meta.get(CATALOGUE_META_KEY) ?? '');
      const age = now() - last;
      // A clock set back makes the age negative: that is not "recent", read again.
      if (Number.isFinite(age) && age >= 0 && age < CATALOGUE_READ_EVERY_MS) return 'not_due';
      try {
        return (await wholeRead(signalOf(options))) > 0 ? 'read' : 'failed';
      } catch {
        return 'failed';
      }
    },

    async refresh(target, options) {
      const signal = signalOf(options);
      if ('brandId' in target) {
        await readList({ list: 'models', parent: String(target.brandId) }, signal);
      } else if ('modelId' in target) {
        await readList({ list: 'trims', parent: String(target.modelId) }, signal);
      } else {
        await wholeRead(signal);
      }
      return view();
    },

    view,
  };
}

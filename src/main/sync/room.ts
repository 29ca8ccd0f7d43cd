// The room the plan leaves for publishing and highlighting, before asking the portal: the plan the
// last sync (or the Plan screen) read, less the requests on their way that no read has confirmed
// (the portal's `available` does not count them yet). Without a plan read yet, the portal decides.
import { planUsage } from '../../shared/plan';
import type { PublicationRoom, RoomLeft } from '../../shared/views';
import type { Cache } from '../cache';
import { changeKinds } from '../changes/registry';
import { readCachedPlan } from './plan';

/** Listings with a change on its way that takes this room (each kind says which: changes/kinds). */
function inFlight(cache: Cache, room: 'listings' | 'highlights'): number {
  return changeKinds()
    .filter((k) => k.room === room)
    .reduce((sum, k) => sum + cache.ledger.inFlight(k.name), 0);
}

export function publicationRoom(cache: Cache): PublicationRoom {
  const copy = readCachedPlan(cache);
  if (!copy) return { listings: null, highlights: null, planFetchedAt: null };
  const usage = planUsage(copy.plan);
  const left = (figures: { used: number; limit: number }, inFlight: number): RoomLeft => ({
    left: Math.max(0, figures.limit - figures.used - inFlight),
    limit: figures.limit,
  });
  return {
    listings: left(usage.listings, inFlight(cache, 'listings')),
    highlights: left(usage.highlights, inFlight(cache, 'highlights')),
    planFetchedAt: copy.fetchedAt,
  };
}

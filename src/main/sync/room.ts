// The room the plan leaves for publishing and highlighting, before asking the portal: the plan the
// last sync (or the Plan screen) read, less the requests on their way that no read has confirmed
// (the portal's `available` does not count them yet). Without a plan read yet, the portal decides.
import { planUsage } from '../../shared/plan';
import type { PublicationRoom, RoomLeft } from '../../shared/views';
import type { Cache } from '../cache';
import { readCachedPlan } from './plan';

export function publicationRoom(cache: Cache): PublicationRoom {
  const copy = readCachedPlan(cache);
  if (!copy) return { listings: null, highlights: null, planFetchedAt: null };
  const usage = planUsage(copy.plan);
  const left = (figures: { used: number; limit: number }, inFlight: number): RoomLeft => ({
    left: Math.max(0, figures.limit - figures.used - inFlight),
    limit: figures.limit,
  });
  return {
    listings: left(usage.listings, cache.outbox.inFlight('publish')),
    highlights: left(usage.highlights, cache.outbox.inFlight('highlight')),
    planFetchedAt: copy.fetchedAt,
  };
}

// Which pictures the cached listings have, from the JSON the portal sent (the photo bookkeeping
// itself — files, disk use, eviction order — is the cache's photo store, cache/photos-store.ts).
import type { Cache } from '../cache';
import { pictureSchema, picturesInOrder, type Picture } from '../../shared/vehicle';

export interface ListingPicture {
  reference: string;
  source: string;
}

/** Pictures of a vehicle's raw JSON, in display order; tolerant: a malformed picture is skipped, not fatal. */
export function picturesOfRaw(raw: string): Picture[] {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  const list = json !== null && typeof json === 'object' ? (json as { pictures?: unknown }).pictures : undefined;
  if (!Array.isArray(list)) return [];
  const pictures: Picture[] = [];
  for (const item of list) {
    const parsed = pictureSchema.safeParse(item);
    if (parsed.success) pictures.push(parsed.data);
  }
  return picturesInOrder(pictures);
}

export type Ledger = ReturnType<typeof createLedger>;

/** Which pictures the cached listings have, read from their JSON through the vehicle store. */
export function createLedger(cache: Cache) {
  return {
    /** The cover (lowest order) of every cached listing, or every picture of every listing. */
    pictures(scope: 'covers' | 'all'): ListingPicture[] {
      if (scope === 'covers') return cache.vehicles.covers();
      const out: ListingPicture[] = [];
      for (const row of cache.vehicles.rawJsons()) for (const p of picturesOfRaw(row.raw)) out.push({ reference: row.reference, source: p.source });
      return out;
    },
    /** Every picture of one listing, in display order; [] when the listing is not cached. */
    picturesOf(reference: string): string[] {
      const raw = cache.vehicles.rawJsonOf(reference);
      return raw === null ? [] : picturesOfRaw(raw).map((p) => p.source);
    },
  };
}

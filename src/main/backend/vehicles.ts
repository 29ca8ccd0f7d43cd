// One listing in full: the JSON as received, the tolerant parse and its problems, publication and
// history, photos in order with their cache state. Opening it also fetches its missing photos in
// the background when the portal is reachable.
import { AppError } from '../../shared/errors';
import type { VehicleDetail } from '../../shared/inventory';
import type { PhotoCacheStatus, PhotoView, VehicleDetailView } from '../../shared/views';
import type { Handlers } from '../ipc/gate';
import { errorKind, isOfflineKind, type BackendContext } from './context';
import { publicationHistory, publicationState } from './publication-view';
import type { Cache } from '../cache';
import type { PhotoCache } from '../photos';
import type { Session } from './session';

function parseRaw(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw; // kept verbatim; its problems were recorded when it was received
  }
}

type PhotoStatusSource = Pick<PhotoCache, 'statusFor' | 'photoIdFor'>;

function photoViews(photos: PhotoStatusSource, detail: VehicleDetail): PhotoView[] {
  const status = photos.statusFor(detail.photos.map((p) => p.source));
  return detail.photos.map((p) => {
    const known = status.get(p.source);
    const cache: PhotoCacheStatus = known?.cache ?? 'not_cached';
    return {
      photoId: known?.photoId || photos.photoIdFor(p.source, detail.reference),
      order: p.order,
      source: p.source,
      originalUrl: p.originalUrl,
      cache,
      cacheError: known?.error ?? p.lastError ?? null,
    };
  });
}

/** One listing as the detail screen and `showroom show` present it, from the local inventory alone. */
export function vehicleDetailView(cache: Cache, photos: PhotoStatusSource, reference: string): VehicleDetailView {
  const detail = cache.getVehicle(reference);
  if (detail === null) throw new AppError('not_found', `There is no listing “${reference}” in the local inventory. Sync to refresh it.`, { reference });
  const queued = cache.outbox.queuedUnpublishes([reference]).get(reference);
  const seenRun = detail.lastSeenRunId === null ? null : cache.runs.get(detail.lastSeenRunId);
  return {
    reference: detail.reference,
    raw: parseRaw(detail.raw),
    vehicle: detail.vehicle,
    problems: detail.problems,
    publication: publicationState(detail.row, queued),
    history: publicationHistory(cache, detail.row, detail.publicationHistory),
    photos: photoViews(photos, detail),
    rejectedPositions: detail.rejectedPhotoPositions,
    syncedAt: seenRun?.endedAt ?? seenRun?.startedAt ?? null,
  };
}

export function vehicleHandlers(ctx: BackendContext): Pick<Handlers, 'vehicles.get'> {
  // One fetch per listing at a time: opening the same vehicle twice does not download twice.
  const inFlight = new Set<string>();

  function fetchPhotos(session: Session, view: VehicleDetailView): void {
    if (session.online === false) return;
    if (!view.photos.some((p) => p.cache !== 'cached')) return;
    const key = `${session.accountId}\u0000${view.reference}`;
    if (inFlight.has(key)) return;
    inFlight.add(key);
    session.background(
      session.photos
        .ensureVehiclePhotos(view.reference, { signal: session.signal })
        .then(() => {
          if (!session.closed) ctx.deps.emit('cache.changed', { reason: 'photos' });
        })
        .catch(async (error: unknown) => {
          const kind = await ctx.notePortalError(session, error);
          if (!isOfflineKind(kind) && kind !== 'cancelled') ctx.log.warn('backend: vehicle photos failed', { reference: view.reference, kind: errorKind(error) });
        })
        .finally(() => inFlight.delete(key)),
    );
  }

  return {
    'vehicles.get': async ({ reference }) => {
      const session = ctx.sessions.require();
      const view = vehicleDetailView(session.cache, session.photos, reference);
      fetchPhotos(session, view);
      return view;
    },
  };
}

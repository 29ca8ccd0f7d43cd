// The cache's rows as the dealer sees them (the contract's views): the inventory list's rows and
// one listing in full. The app's screens and the CLI's output both read these.
import { codedError } from '../../shared/i18n/messages';
import type { VehicleDetail, VehicleRow } from '../../shared/inventory';
import { VIEW_COLUMNS, type ViewColumn } from '../../shared/listing-columns';
import type { PhotoCacheStatus, PhotoView, VehicleDetailView, VehicleRowView } from '../../shared/views';
import type { Cache } from '../cache';
import type { PhotoCache } from '../photos';
import { listingExtrasView, openEdit, pendingEditView } from '../changes/edit-view';
import { publicationHistory, publicationState, requestsOf, type Requests } from './publication-view';

export function toRowView(row: VehicleRow, requests: Requests): VehicleRowView {
  const view: Partial<Record<ViewColumn, unknown>> = {};
  for (const name of VIEW_COLUMNS) view[name] = row[name];
  return {
    ...(view as Pick<VehicleRow, ViewColumn>),
    publication: publicationState(row, requests),
    // The cover's id as the photo cache gives it (String of its row id, see photos.photoIdFor),
    // read from the row's join: the hot path never writes. A cover the photo cache has not
    // registered yet has no file either, so null shows the placeholder.
    coverPhotoId: row.cover?.photoId == null ? null : String(row.cover.photoId),
    coverStatus: row.cover?.photoId == null ? null : row.cover.status,
    urlReady: row.url !== null && row.url !== '',
  };
}

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
  if (detail === null) throw codedError('not_found', { code: 'cache.noListing', params: { reference } }, { reference });
  const seenRun = detail.lastSeenRunId === null ? null : cache.runs.get(detail.lastSeenRunId);
  return {
    reference: detail.reference,
    raw: parseRaw(detail.raw),
    vehicle: detail.vehicle,
    model: detail.row.model,
    problems: detail.problems,
    publication: publicationState(detail.row, requestsOf(cache, [reference])(reference)),
    history: publicationHistory(cache, detail.row, detail.publicationHistory),
    photos: photoViews(photos, detail),
    rejectedPositions: detail.rejectedPhotoPositions,
    syncedAt: seenRun?.endedAt ?? seenRun?.startedAt ?? null,
    pendingEdit: (() => {
      const edit = openEdit(cache, reference);
      return edit === null ? null : pendingEditView(edit, detail.vehicle);
    })(),
    extras: listingExtrasView(cache, reference, detail.vehicle),
  };
}

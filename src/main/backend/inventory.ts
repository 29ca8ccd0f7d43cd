// The inventory list, its facets and headline numbers: the hot path of a 100,000-row virtual list.
// One cache query per call plus, only when the outbox holds unpublishes, one batched lookup for
// the rows of the window; nothing per row.
import type { ChannelParsedInput } from '../../shared/contract';
import type { VehicleRow } from '../../shared/inventory';
import type { InventoryPage, VehicleRowView } from '../../shared/views';
import type { Handlers } from '../ipc/gate';
import type { BackendContext } from './context';
import type { QueuedUnpublish } from '../cache';
import { publicationState } from './publication-view';
import type { Session } from './session';

type ContractQuery = ChannelParsedInput<'inventory.query'>;

export function toRowView(row: VehicleRow, queued: QueuedUnpublish | undefined): VehicleRowView {
  return {
    reference: row.reference,
    title: row.title,
    brand: row.brand,
    trim: row.trim,
    type: row.type,
    fuel: row.fuel,
    gearbox: row.gearbox,
    color: row.color,
    modelYear: row.modelYear,
    manufacturedYear: row.manufacturedYear,
    value: row.value,
    mileage: row.mileage,
    brandNew: row.brandNew,
    active: row.active,
    licensePlate: row.plate,
    updatedAt: row.updatedAt,
    publication: publicationState(row, queued),
    // The cover's id as the photo cache gives it (String of its row id, see photos.photoIdFor),
    // read from the row's join: the hot path never writes. A cover the photo cache has not
    // registered yet has no file either, so null shows the placeholder.
    coverPhotoId: row.cover?.photoId == null ? null : String(row.cover.photoId),
    pictureCount: row.pictureCount,
    rejectedPhotoCount: row.rejectedPhotoCount,
    urlReady: row.url !== null && row.url !== '',
    problemCount: row.problemCount,
  };
}

export function queryInventory(session: Session, input: ContractQuery): InventoryPage {
  const result = session.cache.queryVehicles(input);
  const queued = session.cache.outbox.queuedUnpublishes(result.rows.map((r) => r.reference));
  return { total: result.total, rows: result.rows.map((row) => toRowView(row, queued.get(row.reference))) };
}

export function inventoryHandlers(ctx: BackendContext): Pick<Handlers, 'inventory.query' | 'inventory.facets' | 'inventory.summary'> {
  return {
    'inventory.query': async (input) => queryInventory(ctx.sessions.require(), input),
    'inventory.facets': async (input) => ctx.sessions.require().cache.facetCounts({ text: input.text, filters: input.filters }),
    'inventory.summary': async () => ctx.sessions.require().cache.summary(),
  };
}

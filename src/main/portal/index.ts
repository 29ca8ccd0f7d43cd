export {
  createPortalClient,
  type PortalClient,
  type PortalClientOptions,
  type CallOptions,
  type VehicleListQuery,
  type VehiclePage,
  type VehicleRead,
  type PortalVehicle,
  type UnpublishResult,
  type QueuedWrite,
  type PublicationRead,
  type PortalStats,
  type SortField,
  type SortDirection,
} from './client';
export type { RateLimitSnapshot, WaitEvent } from './pacer';
export type { RequestEvent, ResponseEvent, TransportClock } from './transport';
export type { QueueJob, QueueStatus } from './queue-header';
export { parseQueueHeader } from './queue-header';
export type { PageMeta } from './schemas';
export type { CatalogueRead } from './catalogue';
export { parseDurationMs } from './duration';

// Shapes the sandbox serves. They follow portal-api-v2.md and portal-notes.md exactly.
// Type aliases (not interfaces) so that they are assignable to the shared zod types' index signatures.

export type NamedItem = {
  id: number;
  name: string;
};

export type PortalPicture = {
  originalUrl: string;
  /** 1-based position as sent; a gap means the portal rejected the photo sent there. */
  order: number;
  source: string;
};

export type PortalVehicle = {
  fuel: string;
  gearbox: string;
  color: string;
  type: string;
  title: string | null;
  description: string;
  reference: string;
  licensePlate: string;
  document: string;
  mileage: number;
  brandNew: boolean;
  doors: number;
  manufacturedYear: number;
  modelYear: number;
  /** ISO 8601, UTC, with milliseconds. */
  updatedAt: string;
  value: number;
  amountPerInstallment: number;
  amountOfInstallments: number;
  deposit: number;
  accessories: NamedItem[];
  active: boolean;
  trim: { id: number; name: string; modelId: number };
  brand: { id: number; name: string; vehicleType: string };
  pictures: PortalPicture[];
  publication: { highlighted: boolean } | null;
  otherInfos: NamedItem[];
  /** Absent until the url delay has passed after an insert or edit. */
  url?: string;
};

export type PlanLimits = {
  name: string;
  /** Most photos per listing. */
  pictureQuantity: number;
  /** Most published listings. */
  adsQuantity: number;
  /** Most highlighted listings. */
  highlightsQuantity: number;
};

export type PlanView = {
  currentPlan: PlanLimits;
  available: { adsQuantity: number; highlightsQuantity: number };
};

export type QueueMessageType = 'CREATE_VEHICLE' | 'UPDATE_VEHICLE' | 'DELETE_VEHICLE' | 'UNPUBLISH_VEHICLE' | 'PUBLISH_VEHICLE' | 'UPDATE_VEHICLE_PUBLICATION';

/** One entry of the `x-status-queue` header. */
export type QueueJobInfo = {
  jobId: string;
  messageType: QueueMessageType;
  endpoint: string;
  timestamp: string;
};

// An inventory row as main sends it, for DOM tests: every field set, any of them overridden.
import type { VehicleRowView } from '../../../src/shared/views';

export function rowView(overrides: Partial<VehicleRowView> = {}): VehicleRowView {
  return {
    reference: 'REF-1',
    title: 'Vehicle 1',
    brand: 'Fiat',
    model: null,
    trim: 'Uno',
    type: 'car',
    fuel: null,
    gearbox: null,
    color: null,
    modelYear: 2020,
    manufacturedYear: 2020,
    price: 50_000,
    mileage: 1_000,
    brandNew: false,
    active: true,
    plate: null,
    updatedAt: '2026-01-02T00:00:00.000Z',
    publication: {
      onPortal: true,
      highlighted: false,
      notOnPortalReason: null,
      unpublish: 'none',
      unpublishRequestedAt: null,
      unpublishMessage: null,
      request: null,
    },
    coverPhotoId: null,
    coverStatus: null,
    pictureCount: 0,
    rejectedPhotoCount: 0,
    urlReady: true,
    problemCount: 0,
    attention: [],
    portalValues: null,
    daysAtPrice: null,
    ...overrides,
  };
}

import type { UseQueryResult } from '@tanstack/react-query';
import type { VehicleDetailView } from '../../../shared/views';
import { useChannel } from '../query/useChannel';

/** One vehicle from the cache, re-read whenever the cache changes (query/invalidation.ts). */
export function useVehicle(reference: string): UseQueryResult<VehicleDetailView> {
  return useChannel('vehicles.get', { reference });
}

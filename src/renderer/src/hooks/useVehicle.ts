import { useCallback, useEffect, useState } from 'react';
import type { VehicleDetailView } from '../../../shared/views';
import { api } from '../api';
import { useCacheVersion } from './useCacheVersion';

export interface VehicleState {
  vehicle: VehicleDetailView | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** One vehicle from the cache, reloaded whenever the cache changes. */
export function useVehicle(reference: string): VehicleState {
  const version = useCacheVersion();
  const [vehicle, setVehicle] = useState<VehicleDetailView | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [nonce, setNonce] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    api.call('vehicles.get', { reference }).then(
      (v) => {
        if (!live) return;
        setVehicle(v);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (!live) return;
        setError(e);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [reference, version, nonce]);

  useEffect(() => setVehicle(null), [reference]);
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { vehicle, error, loading, reload };
}

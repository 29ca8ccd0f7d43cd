import { useEffect, useRef } from 'react';
import type { EventName, EventPayload } from '../../../shared/contract';
import { api } from '../api';

/** Subscribes to a main → renderer event for the component's lifetime (latest listener wins). */
export function useApiEvent<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => api.on(event, (payload) => latest.current(payload)), [event]);
}

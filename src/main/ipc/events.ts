// Main → renderer events. Modules emit through the hub; each transport (the Electron window's
// webContents, or the e2e harness's page) subscribes a sink. Only contract events pass.
import { isEventName, type EventName, type EventPayload } from '../../shared/contract';

export type EventSink = (event: EventName, payload: unknown) => void;

export interface EventHub {
  /** A function property, not a method: modules take it unbound (`emit: hub.emit`). */
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  /** Returns the unsubscribe function. */
  subscribe(sink: EventSink): () => void;
}

export function createEventHub(options: { onSinkError?: (error: unknown, event: EventName) => void } = {}): EventHub {
  const sinks = new Set<EventSink>();
  return {
    emit(event, payload) {
      if (!isEventName(event)) throw new TypeError(`Not a contract event: ${String(event)}`);
      for (const sink of [...sinks]) {
        try {
          sink(event, payload);
        } catch (error) {
          // One closed window must not stop the others (or the sync that emitted).
          options.onSinkError?.(error, event);
        }
      }
    },
    subscribe(sink) {
      sinks.add(sink);
      return () => {
        sinks.delete(sink);
      };
    },
  };
}

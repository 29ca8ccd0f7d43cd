// window.showroom: the renderer's only door to main. Built from the contract: it forwards
// contract channels and events and nothing else, and it checks that what comes back is a
// Result. The transport is ipcRenderer in the Electron app (./index.ts) and a WebSocket in the
// browser shell (./browser.ts); everything above the transport is this same code.
import { isChannelName, isEventName, type ChannelName, type EventName } from '../shared/channel-names';
import { photoUrl } from '../shared/photo-url';
// Types only: the contract's zod schemas stay out of the preload bundle (main validates inputs).
import type { Result, ShowroomBridge } from '../shared/contract';
import { ERROR_KINDS, type AppErrorShape } from '../shared/errors';
import type { MessageCode } from '../shared/i18n/messages';

/** Electron IPC channel names carrying every contract call and event. */
export const IPC_INVOKE = 'showroom:invoke';
export const IPC_EVENT = 'showroom:event';

export interface BridgeTransport {
  invoke(channel: ChannelName, input: unknown): Promise<unknown>;
  /** Returns the unsubscribe function. */
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
  /** Where cached photos are served: PHOTO_PROTOCOL_BASE in Electron, PHOTO_ROUTE_BASE in the browser shell. */
  photoBase: string;
}

const errorKinds: ReadonlySet<string> = new Set(ERROR_KINDS);
const UNREADABLE_ANSWER = 'app.unreadableAnswer' satisfies MessageCode;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A message's params: names to strings or finite numbers (they are filled into dictionary texts). */
function isMessageParams(value: unknown): boolean {
  return isRecord(value) && Object.values(value).every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)));
}

// Every error main sends has a code: the renderer shows the code's text in its language.
function isErrorShape(value: unknown): value is AppErrorShape {
  return (
    isRecord(value) &&
    typeof value.kind === 'string' &&
    errorKinds.has(value.kind) &&
    typeof value.message === 'string' &&
    typeof value.code === 'string' &&
    (value.params === undefined || isMessageParams(value.params)) &&
    (value.detail === undefined || isRecord(value.detail))
  );
}

/** What main sent, as a Result; anything else becomes an internal error (never trusted blindly). */
export function asResult(value: unknown): Result<unknown> {
  if (isRecord(value)) {
    if (value.ok === true && 'value' in value) return { ok: true, value: value.value };
    if (value.ok === false && isErrorShape(value.error)) return { ok: false, error: value.error };
  }
  // The dictionaries stay out of the preload bundle: the code is the message (for logs), the renderer shows its text.
  return { ok: false, error: { kind: 'internal', code: UNREADABLE_ANSWER, message: UNREADABLE_ANSWER } };
}

export function createBridge(transport: BridgeTransport): ShowroomBridge {
  // Plain own-property functions: contextBridge copies the object, prototypes do not cross.
  const bridge = {
    invoke(channel: unknown, input: unknown): Promise<Result<unknown>> {
      if (!isChannelName(channel)) return Promise.reject(new TypeError(`Unknown Showroom channel: ${String(channel).slice(0, 100)}`));
      return transport.invoke(channel, input).then(asResult);
    },
    on(event: unknown, listener: unknown): () => void {
      if (!isEventName(event)) throw new TypeError(`Unknown Showroom event: ${String(event).slice(0, 100)}`);
      if (typeof listener !== 'function') throw new TypeError('A Showroom event listener must be a function.');
      const unsubscribe = transport.subscribe(event, (payload) => (listener as (payload: unknown) => void)(payload));
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        unsubscribe();
      };
    },
    photoUrl(photoId: unknown): string {
      if (typeof photoId !== 'string') throw new TypeError('A photo id must be a string.');
      return photoUrl(photoId, transport.photoBase);
    },
  };
  return bridge as ShowroomBridge;
}

/**
 * One transport-level listener fanned out to the renderer's subscriptions (so ipcRenderer has a
 * single 'showroom:event' listener however many screens subscribe).
 */
export function createEventRouter(): { dispatch(event: unknown, payload: unknown): void; subscribe: BridgeTransport['subscribe'] } {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  return {
    dispatch(event, payload) {
      if (!isEventName(event)) return;
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(payload);
        } catch (error) {
          // A failing screen must not stop the others from hearing the event.
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
    subscribe(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
  };
}

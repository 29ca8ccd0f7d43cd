// The renderer's window.showroom for DOM tests: the real bridge (src/preload/bridge.ts) over a
// transport that answers from a function standing in for main, and main's events dispatched
// through the bridge's own event router, as ipcRenderer's would be.
import { createBridge, createEventRouter } from '../../../src/preload/bridge';
import type { ChannelName, EventName, EventPayload, Result } from '../../../src/shared/contract';
import { PHOTO_PROTOCOL_BASE } from '../../../src/shared/photo-url';

/** Main's answer to a call; a promise holds it back until the test lets it go. */
export type Answer = (channel: ChannelName, input: unknown) => Result<unknown> | Promise<Result<unknown>>;

export interface TestBridge {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Every call the renderer made, in order. */
  calls: { channel: ChannelName; input: unknown }[];
}

/** Installs window.showroom; call before the renderer's modules are imported (api.ts reads it then). */
export function installBridge(answer: Answer): TestBridge {
  const router = createEventRouter();
  const calls: TestBridge['calls'] = [];
  const bridge = createBridge({
    invoke: async (channel, input) => {
      calls.push({ channel, input });
      return answer(channel, input);
    },
    subscribe: router.subscribe,
    photoBase: PHOTO_PROTOCOL_BASE,
  });
  Object.defineProperty(window, 'showroom', { value: bridge, configurable: true });
  return { emit: (event, payload) => router.dispatch(event, payload), calls };
}

/** happy-dom lays nothing out: gives every element a height, so the virtual list has rows to draw. */
export function giveElementsHeight(px = 600): void {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => px });
}

export const ok = (value: unknown): Result<unknown> => ({ ok: true, value });

/** Main's answer to a channel a test does not expect the renderer to call. */
export const notAnswered = (channel: ChannelName): Result<unknown> => ({
  ok: false,
  error: { kind: 'not_found', code: 'app.internal', message: `${channel} is not answered in this test` },
});

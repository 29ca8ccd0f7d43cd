// Runs in the page (bundled by ./bundle.ts, injected with addInitScript before the renderer's
// own scripts): the REAL bridge from src/preload/bridge.ts, with Playwright bindings as the
// transport in place of ipcRenderer (answers come as devalue text, see ./app.ts). Otherwise it
// mirrors src/preload/index.ts line for line.
import { parse } from 'devalue';
import { createBridge, createEventRouter } from '../../../src/preload/bridge';

interface HarnessGlobals {
  /** Installed by page.exposeBinding in ./app.ts: main's `showroom:invoke`, its answer as devalue text. */
  __showroomInvoke(channel: string, input: unknown): Promise<unknown>;
  /** Called by the harness (page.evaluate) for each event: main's `showroom:event`. */
  __showroomDispatch?: (event: unknown, payload: unknown) => void;
  showroom?: unknown;
}

const page = globalThis as unknown as HarnessGlobals;
// Anything but text is passed on as it came, for the bridge to refuse (asResult) as it would in the app.
const decode = (answer: unknown): unknown => (typeof answer === 'string' ? parse(answer) : answer);
const router = createEventRouter();

// Like contextBridge: fixed, non-writable properties the page cannot replace.
Object.defineProperty(page, '__showroomDispatch', { value: router.dispatch, writable: false, configurable: false });
Object.defineProperty(page, 'showroom', {
  value: Object.freeze(
    createBridge({
      invoke: (channel, input) => page.__showroomInvoke(channel, input).then(decode),
      subscribe: router.subscribe,
    }),
  ),
  writable: false,
  configurable: false,
});

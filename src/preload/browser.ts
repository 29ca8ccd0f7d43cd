// The browser shell's preload: the real bridge (./bridge.ts) over one WebSocket to the shell's
// server (src/main/browser-shell), in place of ipcRenderer. The shell serves it as a module that
// runs before the renderer's own (module scripts run in document order), so the renderer finds
// `window.showroom` exactly as in Electron. The browser sends the session cookie with the
// upgrade; the server checks it, the Host and the Origin.
import { BRIDGE_PATH, decodeShellMessage, encodeMessage } from '../shared/bridge-wire';
import { PHOTO_ROUTE_BASE } from '../shared/photo-url';
import { createBridge, createEventRouter } from './bridge';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

const router = createEventRouter();
const pending = new Map<number, Pending>();
let nextId = 1;
let socket: Promise<WebSocket> | undefined;
/** The socket once open: a call then goes out in its caller's own task, not a microtask later (after React drew a keystroke). */
let openSocket: WebSocket | undefined;

function failPending(reason: string): void {
  for (const call of pending.values()) call.reject(new Error(reason));
  pending.clear();
}

/** The open socket, connecting (again) when there is none: a reload or a dropped socket reconnects. */
function connect(): Promise<WebSocket> {
  socket ??= new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`ws://${location.host}${BRIDGE_PATH}`);
    ws.addEventListener('open', () => {
      openSocket = ws;
      resolve(ws);
    });
    ws.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') return;
      const message = decodeShellMessage(event.data);
      if (message?.type === 'result') {
        const call = pending.get(message.id);
        pending.delete(message.id);
        call?.resolve(message.result);
      } else if (message?.type === 'event') {
        router.dispatch(message.event, message.payload);
      }
    });
    ws.addEventListener('close', (event) => {
      socket = undefined;
      openSocket = undefined;
      reject(new Error('Showroom is not running (its window can be closed).'));
      failPending(event.code === 1001 ? 'Showroom has stopped.' : 'The connection to Showroom was lost.');
    });
  });
  return socket;
}

void connect().catch(() => {
  // Said by the first call that needs the connection.
});

// Like contextBridge: a fixed, frozen property the page cannot replace.
Object.defineProperty(globalThis, 'showroom', {
  value: Object.freeze(
    createBridge({
      async invoke(channel, input) {
        const ws = openSocket ?? (await connect());
        const id = nextId++;
        return new Promise((resolve, reject) => {
          pending.set(id, { resolve, reject });
          try {
            ws.send(encodeMessage({ id, channel, input }));
          } catch (error) {
            // What structured clone refuses (a function, a DOM node) fails here, as in Electron.
            pending.delete(id);
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
      subscribe: router.subscribe,
      photoBase: PHOTO_ROUTE_BASE,
    }),
  ),
  writable: false,
  configurable: false,
});

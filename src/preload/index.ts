// The preload: the real bridge (./bridge.ts) over Electron IPC. Sandboxed, so CommonJS and
// nothing but `electron`'s renderer-side modules.
import { contextBridge, ipcRenderer } from 'electron';
import { PHOTO_PROTOCOL_BASE } from '../shared/photo-url';
import { createBridge, createEventRouter, IPC_EVENT, IPC_INVOKE } from './bridge';

const router = createEventRouter();
ipcRenderer.on(IPC_EVENT, (_event, name: unknown, payload: unknown) => router.dispatch(name, payload));

contextBridge.exposeInMainWorld(
  'showroom',
  createBridge({
    invoke: (channel, input) => ipcRenderer.invoke(IPC_INVOKE, channel, input),
    subscribe: router.subscribe,
    photoBase: PHOTO_PROTOCOL_BASE,
  }),
);

// Wires a Playwright page as the Electron window would be: the real bridge injected before the
// renderer's scripts, its transport bound to the real gate (with the sender's frame URL checked
// exactly like ipcMain's senderFrame), events from the hub pushed into the page, photos answered
// by the app's protocol handler, then the built renderer loaded.
import type { Page } from '@playwright/test';
import { stringify } from 'devalue';
import type { EventHub } from '../../../src/main/ipc/events';
import type { Gate } from '../../../src/main/ipc/gate';
import { pageBridgeScript } from './bundle';
import { routePhotos, type PhotoLog, type PhotoSource } from './photos';

export interface WireOptions {
  gate: Gate;
  hub: EventHub;
  photos: () => PhotoSource | undefined;
}

export interface WiredPage {
  photos: PhotoLog;
  /** Every call the renderer made, in order (channel names only). */
  calls: string[];
  unwire(): void;
}

export async function wirePage(page: Page, { gate, hub, photos }: WireOptions): Promise<WiredPage> {
  const calls: string[] = [];
  await page.exposeBinding('__showroomInvoke', async (source, channel: unknown, input: unknown) => {
    calls.push(String(channel));
    const result = await gate(channel, input, { url: source.frame.url(), frameIsMain: source.frame === source.page.mainFrame() });
    // Electron's IPC structured-clones results: fail here as the app would. The clone then
    // crosses as devalue text (undefined, NaN, Dates, Maps kept as structured clone keeps them),
    // decoded by page-bridge.ts: Playwright's own serialisation of a 100-row answer takes ~35 ms,
    // which the app's IPC does not spend; as text it takes ~5 ms.
    return stringify(structuredClone(result));
  });
  await page.addInitScript({ content: await pageBridgeScript() });
  const unsubscribe = hub.subscribe((event, payload) => {
    page.evaluate(([e, p]) => (globalThis as unknown as { __showroomDispatch(e: unknown, p: unknown): void }).__showroomDispatch(e, p), [event, structuredClone(payload)] as const).catch(() => {
      // The page closed or is navigating: like a destroyed webContents, the event is dropped.
    });
  });
  const photoLog = await routePhotos(page, photos);
  return { photos: photoLog, calls, unwire: unsubscribe };
}

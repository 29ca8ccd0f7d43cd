// The browser shell as the e2e tests and the renderer bench drive it: its real server (cookie,
// Host and Origin checks, the WebSocket bridge, the photo route) around a backend the caller
// built, and what crossed it, observed from the page's side: every call the renderer sent over
// the bridge socket, and every photo the route served or refused.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startShellServer, type ShellServer, type ShellServerOptions } from '../../../src/main/browser-shell/server';
import { decodeInvoke } from '../../../src/shared/bridge-wire';
import { PHOTO_ROUTE_BASE } from '../../../src/shared/photo-url';

/** The renderer exactly as `electron-vite build` wrote it. */
export const RENDERER_DIR = join(import.meta.dirname, '../../../out/renderer');

export interface BridgeLog {
  /** Every channel the renderer called, in order, as read off the bridge socket. */
  calls: string[];
  photos: { served: string[]; refused: string[] };
}

export interface TestShell {
  server: ShellServer;
  log: BridgeLog;
  /** Starts following a page's bridge socket and photo requests into `log`. */
  observe(page: Page): void;
  /** As the launcher's window does: a fresh login address, then on to the app once the cookie is set. */
  login(page: Page): Promise<void>;
}

export async function startTestShell(options: Omit<ShellServerOptions, 'rendererDir' | 'onPhotoRefused'> & { rendererDir?: string }): Promise<TestShell> {
  const log: BridgeLog = { calls: [], photos: { served: [], refused: [] } };
  const server = await startShellServer({ rendererDir: RENDERER_DIR, ...options, onPhotoRefused: (url) => log.photos.refused.push(new URL(url).pathname) });
  return {
    server,
    log,
    async login(page) {
      await page.goto(server.loginUrl());
      await page.waitForURL(`${server.origin}/`);
    },
    observe(page) {
      page.on('websocket', (socket) => {
        socket.on('framesent', ({ payload }) => {
          const call = typeof payload === 'string' ? decodeInvoke(payload) : undefined;
          if (call) log.calls.push(call.channel);
        });
      });
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin === server.origin && url.pathname.startsWith(PHOTO_ROUTE_BASE) && response.ok()) log.photos.served.push(url.pathname);
      });
    },
  };
}

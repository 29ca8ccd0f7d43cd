import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { devCspFromHeaderOnly } from './build/dev-csp';

/** The browser shell's bridge bundle in out/renderer (src/main/browser-shell/server.ts serves it). */
const BROWSER_BRIDGE_NAME = 'bridge';

export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          // The account session's worker thread (account-session/host.ts finds it beside the bundle).
          'account-session-worker': resolve(import.meta.dirname, 'src/main/account-session/worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require only electron's own modules: bundle its dependencies
      // (zod, via the contract) instead of leaving require('zod') in the output.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        // A sandboxed preload must be CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    build: {
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src/renderer/index.html'),
          // The browser shell's preload (the bridge over its WebSocket), served as /bridge.js and
          // loaded before the renderer's own module; Electron never loads it.
          [BROWSER_BRIDGE_NAME]: resolve(import.meta.dirname, 'src/preload/browser.ts'),
        },
        output: {
          entryFileNames: (chunk) => (chunk.name === BROWSER_BRIDGE_NAME ? `${BROWSER_BRIDGE_NAME}.js` : 'assets/[name]-[hash].js'),
        },
      },
    },
    plugins: [react(), devCspFromHeaderOnly()],
  },
});

// The app as the e2e tests run it, for benchmarks: the built renderer (out/renderer) served with
// the app's own protocol handler and CSP, the real bridge injected before the renderer's scripts,
// the real gate and backend (createBackend) behind it, in Chromium. The e2e harness pieces are
// imported as they are (test/e2e/harness); only the Playwright-fixture wiring of
// test/e2e/fixtures.ts is replicated here, minus what a benchmark does not need (the OS keychain:
// an in-memory one holds the token; the sandbox: the cache is seeded directly, see seed-cache.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { chromium, type Browser, type Page } from '@playwright/test';
import { createAccountStore } from '../../src/main/accounts';
import { createBackend } from '../../src/main/backend';
import { accountPaths } from '../../src/main/backend/session';
import { currentPhotos, type Backend } from '../../src/main/ipc/backend';
import { createEventHub } from '../../src/main/ipc/events';
import { createGate, type Gate } from '../../src/main/ipc/gate';
import type { Keychain } from '../../src/main/secrets';
import { createFileLogger } from '../../src/main/shell/logger';
import { wirePage } from '../../test/e2e/harness/app';
import { startRendererServer, type RendererServer } from '../../test/e2e/harness/renderer-server';
import { seedCache, type SeedResult } from './seed-cache';

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
  // performance.memory without the coarse bucketing; window.gc for a heap figure after collection.
  '--enable-precise-memory-info', '--js-flags=--expose-gc',
];

export function memoryKeychain(): Keychain {
  const tokens = new Map<string, string>();
  return {
    get: async (account) => tokens.get(account) ?? null,
    set: async (account, token) => void tokens.set(account, token),
    delete: async (account) => tokens.delete(account),
  };
}

/** Time spent in the main process per channel (the backend's share of a round trip), and per "<channel> structured clone". */
export type ChannelTimes = Map<string, number[]>;
/** Suffix of the figures that time a structured clone of each answer (Electron IPC's own work). */
export const IPC_CLONE = 'structured clone';

export interface BenchApp {
  browser: Browser;
  renderer: RendererServer;
  backend: Backend;
  seeded: SeedResult;
  channelTimes: ChannelTimes;
  /** Opens the app in a fresh page (a new window of the same app). */
  newPage(initScript?: string): Promise<Page>;
  close(): Promise<void>;
}

/**
 * An account with `count` generated listings in its cache (seeded directly), the backend opened
 * on it, the renderer served, Chromium started. No portal: the account points at a closed
 * loopback port, and nothing syncs on its own (browsing offline, as the cache is meant for).
 */
export async function startBenchApp(options: { count: number; seed?: number }): Promise<BenchApp> {
  const dir = mkdtempSync(join(tmpdir(), 'showroom-renderer-bench-'));
  const dataDir = join(dir, 'userData');
  const keychain = memoryKeychain();
  const accounts = createAccountStore({ dataDir, keychain });
  const { account } = await accounts.add({ name: 'Bench dealer', baseUrl: 'http://127.0.0.1:9', integrationToken: 'bench-integration-token' });
  const seeded = seedCache(accountPaths(accounts, account.id).cacheFile, options.count, options.seed ?? 11);

  const hub = createEventHub();
  const backend = await createBackend({
    dataDir,
    keychain,
    logger: createFileLogger({ dir: join(dataDir, 'logs'), level: 'warn' }),
    emit: hub.emit,
    openExternal: async () => undefined,
    startDemoSandbox: async () => {
      throw new Error('no demo mode in the benchmark');
    },
  });
  const renderer = await startRendererServer();
  const channelTimes: ChannelTimes = new Map();
  const realGate = createGate(backend.handlers, { appUrl: renderer.appUrl });
  const note = (name: string, ms: number) => {
    const times = channelTimes.get(name) ?? [];
    times.push(ms);
    channelTimes.set(name, times);
  };
  const gate: Gate = async (channel, input, sender) => {
    const started = performance.now();
    let result: Awaited<ReturnType<Gate>> | undefined;
    try {
      result = await realGate(channel, input, sender);
      return result;
    } finally {
      note(String(channel), performance.now() - started);
      // What Electron's IPC does with the answer (a structured clone through V8's serializer),
      // timed here as a stand-in for the app's transport; the harness's own is devalue text.
      const cloneStarted = performance.now();
      deserialize(serialize(result));
      note(`${String(channel)} ${IPC_CLONE}`, performance.now() - cloneStarted);
    }
  };
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const unwires: (() => void)[] = [];

  const newPage = async (initScript?: string): Promise<Page> => {
    const page = await context.newPage();
    const wired = await wirePage(page, { gate, hub, photos: () => currentPhotos(backend) });
    unwires.push(wired.unwire);
    // After the bridge's: the probe may wrap the binding the bridge calls.
    if (initScript) await page.addInitScript({ content: initScript });
    return page;
  };

  return {
    browser,
    renderer,
    backend,
    seeded,
    channelTimes,
    newPage,
    async close() {
      for (const unwire of unwires) unwire();
      await browser.close().catch(() => undefined);
      await renderer.close();
      await backend.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

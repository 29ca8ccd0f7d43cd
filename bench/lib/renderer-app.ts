// The app as the e2e tests run it, for benchmarks: the browser shell's real server (cookie,
// WebSocket bridge, CSP, the built renderer) with the real gate and backend (createBackend)
// behind it, in Chromium. The e2e harness's shell is imported as it is
// (test/e2e/harness/shell.ts); only the Playwright-fixture wiring of test/e2e/fixtures.ts is
// replicated here, minus what a benchmark does not need (the OS keychain: an in-memory one holds
// the token; the sandbox: the cache is seeded directly, see seed-cache.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createAccountStore } from '../../src/main/accounts';
import { createBackend } from '../../src/main/backend';
import { accountPaths } from '../../src/main/account-session';
import { requestLoginUrl, runningInstance } from '../../src/main/browser-shell/instance';
import { currentPhotos, type Backend } from '../../src/main/ipc/backend';
import { createEventHub } from '../../src/main/ipc/events';
import type { Handlers } from '../../src/main/ipc/gate';
import type { Keychain } from '../../src/main/secrets';
import { chromiumFeatureArgs } from '../../src/main/shell/chromium-features';
import { createFileLogger } from '../../src/main/base/logger';
import { CHROMIUM_PATH, CHROMIUM_TEST_ARGS } from '../../test/e2e/harness/chromium';
import { startTestShell, type TestShell } from '../../test/e2e/harness/shell';
import { seedCache, type SeedResult } from './seed-cache';

const ROOT = join(import.meta.dirname, '../..');

/** Chromium as the e2e tests run it, with what a benchmark reads besides; without the app window's own switches. */
const CHROMIUM_BASE_ARGS = [
  ...CHROMIUM_TEST_ARGS,
  // performance.memory without the coarse bucketing; window.gc for a heap figure after collection.
  '--enable-precise-memory-info',
  '--js-flags=--expose-gc',
];

/**
 * The app window's Chromium: the features it runs without, as both shells start it
 * (src/main/shell/chromium-features.ts). One --disable-features switch, so it replaces the list
 * Playwright passes for its own needs, as in the dealer's window, where there is none.
 */
export const CHROMIUM_ARGS = [...CHROMIUM_BASE_ARGS, ...chromiumFeatureArgs()];

export function memoryKeychain(): Keychain {
  const tokens = new Map<string, string>();
  return {
    get: async (account) => tokens.get(account) ?? null,
    set: async (account, token) => void tokens.set(account, token),
    delete: async (account) => tokens.delete(account),
  };
}

/** Time the backend's handler spent per channel (its share of a round trip). */
export type ChannelTimes = Map<string, number[]>;

/**
 * Every answer of the backend kept by channel and input; while `on`, an input answered before is
 * answered from here at once, with no backend work: what is left of a round trip is the transport
 * (the page, the socket, the server's gate and encoding) and the drawing.
 */
export interface Replay {
  /** Answers are kept while this is set (the pass whose answers are given again), not otherwise. */
  record: boolean;
  on: boolean;
  answers: Map<string, unknown>;
  /** Calls answered from `answers`, and calls that went to the backend while `on`. */
  hits: number;
  misses: number;
}

/** The browser shell as a dealer runs it: its own process (`npm start -- --browser`), on the bench's data folder. */
export interface ShellProcess {
  /** Where the app is served (after the login address has set the session cookie). */
  origin: string;
  /**
   * Opens the app in a fresh, logged-in page of its own browser context. With `chromiumDefaults`,
   * in a second Chromium started without the app window's feature switch (for comparison).
   */
  newPage(initScript?: string, options?: { chromiumDefaults?: boolean }): Promise<Page>;
  close(): Promise<void>;
}

export interface BenchApp {
  /** The bench's data folder (the seeded account). */
  dataDir: string;
  /** Starts the real browser shell in a child process on this data folder (nothing shares its event loop). */
  startShellProcess(): Promise<ShellProcess>;
  browser: Browser;
  shell: TestShell;
  backend: Backend;
  seeded: SeedResult;
  channelTimes: ChannelTimes;
  replay: Replay;
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
    exportDestination: { place: async () => null },
    startDemoSandbox: async () => {
      throw new Error('no demo mode in the benchmark');
    },
  });
  const channelTimes: ChannelTimes = new Map();
  const note = (name: string, ms: number) => {
    const times = channelTimes.get(name) ?? [];
    times.push(ms);
    channelTimes.set(name, times);
  };
  const replay: Replay = { record: false, on: false, answers: new Map(), hits: 0, misses: 0 };
  // Each handler timed where it runs: the backend's own time, beside the page's round trip.
  const timed = Object.fromEntries(
    Object.entries(backend.handlers).map(([channel, handler]) => [
      channel,
      async (input: never, call: never) => {
        const key = `${channel} ${JSON.stringify(input)}`;
        if (replay.on && replay.answers.has(key)) {
          replay.hits++;
          return replay.answers.get(key);
        }
        if (replay.on) replay.misses++;
        const started = performance.now();
        try {
          const answer = await (handler as (input: never, call: never) => Promise<unknown>)(input, call);
          if (replay.record) replay.answers.set(key, answer);
          return answer;
        } finally {
          note(channel, performance.now() - started);
        }
      },
    ]),
  ) as unknown as Handlers;
  const shell = await startTestShell({
    handlers: timed,
    hub,
    photos: () => currentPhotos(backend),
    logger: createFileLogger({ dir: join(dataDir, 'logs'), level: 'warn' }),
  });
  const launch = (args: string[]) => chromium.launch({ executablePath: CHROMIUM_PATH, args });
  const browser = await launch(CHROMIUM_ARGS);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  // Logged in once, as the launcher does: the session cookie then holds for every page.
  const login = await context.newPage();
  await login.goto(shell.server.loginUrl());
  await login.close();

  const newPage = async (initScript?: string): Promise<Page> => {
    const page = await context.newPage();
    // Before the page's own scripts: the probe may wrap the WebSocket the bridge opens.
    if (initScript) await page.addInitScript({ content: initScript });
    return page;
  };

  const startShellProcess = async (): Promise<ShellProcess> => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/main/browser-shell/cli.ts'), '--data-dir', dataDir, '--no-open'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout });
      lines.on('line', (line) => {
        const found = /http:\/\/127\.0\.0\.1:\d+\/\?key=[\w-]+/.exec(line)?.[0];
        if (found) resolve(found);
      });
      child.once('exit', (code) => reject(new Error(`the browser shell exited with ${code}`)));
    });
    // Logged in once per browser, as the launcher's window is. A login address is good once: the
    // second browser gets a fresh one from the running shell, as a second start would.
    const freshUrl = async (): Promise<string> => {
      const running = await runningInstance(dataDir);
      const fresh = running && (await requestLoginUrl(running));
      if (!fresh) throw new Error('the browser shell gave no login address');
      return fresh;
    };
    const loggedIn = async (from: Browser, address: string) => {
      const context = await from.newContext({ viewport: { width: 1400, height: 900 } });
      const login = await context.newPage();
      await login.goto(address);
      await login.close();
      return context;
    };
    const shellContext = await loggedIn(browser, url);
    let defaults: { browser: Browser; context: BrowserContext } | undefined;
    return {
      origin: new URL(url).origin,
      async newPage(initScript, options) {
        let context = shellContext;
        if (options?.chromiumDefaults) {
          if (!defaults) {
            const other = await launch(CHROMIUM_BASE_ARGS);
            defaults = { browser: other, context: await loggedIn(other, await freshUrl()) };
          }
          context = defaults.context;
        }
        const page = await context.newPage();
        if (initScript) await page.addInitScript({ content: initScript });
        return page;
      },
      async close() {
        await shellContext.close().catch(() => undefined);
        await defaults?.browser.close().catch(() => undefined);
        if (child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      },
    };
  };

  return {
    dataDir,
    startShellProcess,
    browser,
    shell,
    backend,
    seeded,
    channelTimes,
    replay,
    newPage,
    async close() {
      await browser.close().catch(() => undefined);
      await shell.server.close();
      await backend.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Playwright fixtures for end-to-end tests (design.md, "Testing"): the browser shell as it ships —
// its server, cookie and WebSocket bridge, the renderer as electron-vite built it — and behind it
// the real gate and backend with the sandbox portal, a SQLite file and the OS keychain, in a data
// folder of its own per test. Only the test's own deps differ from `npm start -- --browser`: a
// keychain service per test, and a system browser that records what it was asked to open.
//
//   sandboxOptions  option fixture: what the sandbox is started with (faults, stock size…),
//                   e.g. test.use({ sandboxOptions: { faults: { errorRates: { 503: 1 } } } })
//   sandbox         the sandbox portal for this test (started only when a test asks for it)
//   dataDir         the user-data folder for this test (test-results/<test>/userData)
//   backend         the real backend (createBackend from src/main/backend), built from the app's deps
//   shell           the browser shell's server around that backend (test/e2e/harness/shell.ts)
//   app             the page logged in through the shell's one-time address, plus helpers
/* eslint-disable no-empty-pattern -- Playwright reads a fixture's dependencies from its destructured first argument; `{}` means none. */
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { createBackend } from '../../src/main/backend';
import { createDownloads, downloadDestination, type Downloads } from '../../src/main/browser-shell/downloads';
import { currentPhotos, type Backend, type DemoSandbox } from '../../src/main/ipc/backend';
import { createEventHub, type EventHub } from '../../src/main/ipc/events';
import type { Gate } from '../../src/main/ipc/gate';
import { createKeytarKeychain, type Keychain } from '../../src/main/secrets';
import { createFileLogger, type Logger } from '../../src/main/base/logger';
import { guardedOpenExternal } from '../../src/main/shell/urls';
import type { ChannelInput, ChannelName, EventName, Result, ChannelOutput } from '../../src/shared/contract';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox';
import { captureScreen } from './harness/screens';
import { startTestShell, type BridgeLog, type TestShell } from './harness/shell';

export interface App {
  page: Page;
  hub: EventHub;
  gate: Gate;
  /** What crossed the shell: the renderer's calls, the photos served and refused. */
  wired: BridgeLog;
  /** URLs the app asked the system browser to open (none actually opens). */
  openedExternally: string[];
  /** Calls a channel as the renderer would, from the page's main frame. */
  invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<Result<ChannelOutput<C>>>;
  /** Every event the hub emitted in this test, in order. */
  events: { event: EventName; payload: unknown }[];
  /** Saves a screenshot as test-results/screens/<lang>/<name>.png and attaches it. */
  screen(name: string, lang?: string): Promise<string>;
}

interface TestFixtures {
  sandboxOptions: SandboxOptions;
  sandbox: Sandbox;
  dataDir: string;
  logsDir: string;
  keychain: Keychain;
  logger: Logger;
  hub: EventHub;
  openedExternally: string[];
  /** The demo portals the app started (demo mode), to change their stock as the portal would. */
  demoSandboxes: Sandbox[];
  /** The browser shell's one-time downloads (exports), in dataDir/downloads as the shell keeps them. */
  downloads: Downloads;
  /** Secrets that must never be found in dataDir or the logs (checked after each test). */
  secrets: Set<string>;
  backend: Backend;
  shell: TestShell;
  app: App;
}

function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true }) as string[];
  } catch {
    return [];
  }
  return names
    .map((n) => join(dir, n))
    .filter((f) => {
      try {
        return statSync(f).isFile();
      } catch {
        return false;
      }
    });
}

/** Whether a file contains any of the needles, read in chunks (databases can be large). */
function fileContainsAny(file: string, needles: Buffer[]): boolean {
  if (needles.length === 0) return false;
  const overlap = Math.max(...needles.map((n) => n.length));
  const chunk = Buffer.alloc(8 * 1024 * 1024 + overlap);
  const fd = openSync(file, 'r');
  try {
    let carried = 0;
    for (;;) {
      const read = readSync(fd, chunk, carried, chunk.length - carried, null);
      if (read === 0) return false;
      const view = chunk.subarray(0, carried + read);
      if (needles.some((n) => view.includes(n))) return true;
      carried = Math.min(overlap, view.length);
      view.copy(chunk, 0, view.length - carried);
    }
  } finally {
    closeSync(fd);
  }
}

/** The token lives in the keychain and nowhere else: not in the database, not in the logs. */
export function expectNoSecretsIn(dirs: string[], secrets: Iterable<string>): void {
  const needles = [...secrets].map((s) => Buffer.from(s));
  for (const file of new Set(dirs.flatMap(filesUnder))) {
    expect(fileContainsAny(file, needles), `the integration token was written to ${file}`).toBe(false);
  }
}

export const test = base.extend<TestFixtures>({
  sandboxOptions: [{}, { option: true }],

  secrets: async ({}, use) => {
    await use(new Set());
  },

  sandbox: async ({ sandboxOptions, secrets }, use) => {
    const sandbox = await startSandbox(sandboxOptions);
    secrets.add(sandbox.integrationToken);
    await use(sandbox);
    // A token rotated during the test is a secret too.
    secrets.add(sandbox.integrationToken);
    // Tests that go offline close it themselves.
    await sandbox.close().catch(() => {});
  },

  dataDir: async ({}, use, testInfo) => {
    await use(testInfo.outputPath('userData'));
  },

  logsDir: async ({ dataDir }, use) => {
    await use(join(dataDir, 'logs'));
  },

  keychain: async ({}, use, testInfo) => {
    // A keychain service of its own per test: tests never see each other's tokens.
    await use(createKeytarKeychain(`Showroom e2e ${testInfo.testId}`));
  },

  logger: async ({ logsDir }, use) => {
    await use(createFileLogger({ dir: logsDir, level: 'debug' }));
  },

  hub: async ({}, use) => {
    await use(createEventHub());
  },

  openedExternally: async ({}, use) => {
    await use([]);
  },

  downloads: async ({ dataDir }, use) => {
    const downloads = await createDownloads({ dir: join(dataDir, 'downloads') });
    await use(downloads);
    await downloads.close();
  },

  demoSandboxes: async ({}, use) => {
    await use([]);
  },

  backend: async ({ dataDir, keychain, logger, hub, openedExternally, downloads, demoSandboxes: demos, sandboxOptions, secrets, logsDir }, use) => {
    const backend = await createBackend({
      dataDir,
      keychain,
      logger,
      emit: hub.emit,
      openExternal: guardedOpenExternal(async (url) => {
        openedExternally.push(url);
      }),
      exportDestination: downloadDestination(downloads),
      startDemoSandbox: async (): Promise<DemoSandbox> => {
        const sandbox = await startSandbox(sandboxOptions);
        demos.push(sandbox);
        secrets.add(sandbox.integrationToken);
        return sandbox;
      },
    });
    await use(backend);
    await backend.close();
    for (const demo of demos) await demo.close();
    expectNoSecretsIn([dataDir, logsDir], secrets);
  },

  shell: async ({ backend, hub, logger, downloads }, use) => {
    const shell = await startTestShell({ handlers: backend.handlers, hub, photos: () => currentPhotos(backend), logger, downloads });
    await use(shell);
    await shell.server.close();
  },

  app: async ({ page, shell, hub, openedExternally }, use, testInfo) => {
    const { server } = shell;
    const events: App['events'] = [];
    const unrecord = hub.subscribe((event, payload) => events.push({ event, payload }));
    shell.observe(page);
    const pageErrors: string[] = [];
    const cspViolations: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // The renderer must work under its CSP: a violation is a broken feature (or an injection).
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    // As the launcher does: the one-time address, swapped for the session cookie.
    await shell.login(page);
    await use({
      page,
      hub,
      gate: server.gate,
      wired: shell.log,
      openedExternally,
      events,
      invoke: (channel, input) => server.gate(channel, input, server.sender) as never,
      screen: (name, lang) => captureScreen(page, testInfo, name, lang),
    });
    unrecord();
    // A renderer exception is a bug even when the test's assertions passed.
    expect(pageErrors, 'uncaught exceptions in the renderer').toEqual([]);
    expect(cspViolations, 'Content-Security-Policy violations in the renderer').toEqual([]);
  },
});

export { expect };

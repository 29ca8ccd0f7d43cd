// Launching the built app (out/main/index.js) in Electron for the launch suite. Never imports the
// `electron` package: its index.js downloads the binary when it is missing.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { electronBinary as findElectronBinary } from '../../scripts/lib/electron.mjs';
import { _electron, type ElectronApplication, type Page, type TestInfo } from '@playwright/test';
import { NO_SANDBOX_NOTE, sandboxArgs } from './sandbox-args';

export const ROOT = join(import.meta.dirname, '../..');
export const MAIN = join(ROOT, 'out/main/index.js');

/** The installed Electron binary, or undefined (the rule npm start and the suite's runner use). */
export const electronBinary = (): string | undefined => findElectronBinary(ROOT);

/** Extra Electron switches for this machine: --no-sandbox only as root in CI (see sandbox-args.ts). Asked at launch, so listing the tests works anywhere. */
export function sandboxArgsHere(): string[] {
  return sandboxArgs({ platform: process.platform, uid: process.getuid?.(), env: process.env });
}

export interface Launched {
  app: ElectronApplication;
  window: Page;
  userData: string;
}

/** Starts Showroom with a profile folder of its own (SHOWROOM_USER_DATA_DIR). */
export async function launchShowroom(testInfo: TestInfo, options: { userData?: string; env?: Record<string, string> } = {}): Promise<Launched> {
  const executablePath = electronBinary();
  if (!executablePath) throw new Error('The Electron binary is not installed (node_modules/electron/dist).');
  const userData = options.userData ?? testInfo.outputPath('userData');
  mkdirSync(userData, { recursive: true });
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'ELECTRON_RENDERER_URL') env[k] = v;
  const sandbox = sandboxArgsHere();
  if (sandbox.length > 0) testInfo.annotations.push({ type: 'sandbox', description: NO_SANDBOX_NOTE });
  const app = await _electron.launch({
    executablePath,
    args: [...sandbox, MAIN],
    cwd: ROOT,
    env: { ...env, SHOWROOM_USER_DATA_DIR: userData, ...options.env },
  });
  const window = await app.firstWindow();
  await window.waitForLoadState('domcontentloaded');
  return { app, window, userData };
}

export type Invoke = (channel: string, input: unknown) => Promise<{ ok: boolean; value?: unknown }>;

/** Starts the demo and waits for its first sync (photos included) to end. */
export async function demoSynced(window: Page): Promise<string> {
  return window.evaluate(async () => {
    const { invoke } = (globalThis as unknown as { showroom: { invoke: Invoke } }).showroom;
    const account = await invoke('demo.start', {});
    for (let i = 0; i < 240; i++) {
      const status = await invoke('sync.status', {});
      if (status.ok && (status.value as { running: unknown }).running === null) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    return (account.value as { id: string }).id;
  });
}

// INTEGRATION POINT — modules other engineers are still writing. Loaded by path at run time so
// the harness compiles and runs before they land; specs that need them skip with a plain reason
// until then. Replace with static imports once src/main/backend and src/sandbox/index.ts exist.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CreateBackend } from '../../../src/main/ipc/backend';

const ROOT = join(import.meta.dirname, '../../..');

/** The part of the sandbox handle the harness relies on. */
export interface SandboxHandle {
  /** Base URL of the integration API (e.g. http://127.0.0.1:PORT/integration/v2). */
  baseUrl: string;
  /** A valid integration token for the seeded dealer. */
  token: string;
  stop(): Promise<void>;
  [key: string]: unknown;
}
export type SandboxOptions = Record<string, unknown>;
export type StartSandbox = (options?: SandboxOptions) => Promise<SandboxHandle>;

async function load<T>(relative: string, exportName: string): Promise<T | undefined> {
  const file = join(ROOT, relative);
  if (!existsSync(file)) return undefined;
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const value = mod[exportName];
  if (typeof value !== 'function') throw new Error(`${relative} does not export ${exportName}()`);
  return value as T;
}

export const loadCreateBackend = () => load<CreateBackend>('src/main/backend/index.ts', 'createBackend');
export const loadStartSandbox = () => load<StartSandbox>('src/sandbox/index.ts', 'startSandbox');

// INTEGRATION POINT — the backend is still being written. Loaded by path at run time so the
// harness compiles and runs before it lands; specs that need it skip with a plain reason until
// then. Replace with a static import once src/main/backend exists.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CreateBackend } from '../../../src/main/ipc/backend';

const ROOT = join(import.meta.dirname, '../../..');

async function load<T>(relative: string, exportName: string): Promise<T | undefined> {
  const file = join(ROOT, relative);
  if (!existsSync(file)) return undefined;
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const value = mod[exportName];
  if (typeof value !== 'function') throw new Error(`${relative} does not export ${exportName}()`);
  return value as T;
}

export const loadCreateBackend = () => load<CreateBackend>('src/main/backend/index.ts', 'createBackend');

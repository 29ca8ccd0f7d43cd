// The process boundaries of design.md are enforced by lint; these tests prove the rules bite.
import { describe, expect, it } from 'vitest';
import { lintVirtual } from './virtual';

async function restrictedImportErrors(code: string, filePath: string): Promise<string[]> {
  return (await lintVirtual(code, filePath)).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('process boundaries', () => {
  it('src/shared may not import node built-ins or electron', async () => {
    expect(await restrictedImportErrors("import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n", 'src/shared/x.ts')).toHaveLength(1);
    expect(await restrictedImportErrors("import path from 'path';\nexport const p = path;\n", 'src/shared/x.ts')).toHaveLength(1);
    expect(await restrictedImportErrors("import { app } from 'electron';\nexport const a = app;\n", 'src/shared/x.ts')).toHaveLength(1);
  });

  it('src/shared may not import main, renderer, preload or sandbox code', async () => {
    expect(await restrictedImportErrors("import { x } from '../main/cache/db';\nexport const y = x;\n", 'src/shared/x.ts')).toHaveLength(1);
    expect(await restrictedImportErrors("import { x } from '../sandbox';\nexport const y = x;\n", 'src/shared/x.ts')).toHaveLength(1);
  });

  it('src/renderer imports only itself and src/shared', async () => {
    expect(await restrictedImportErrors("import { x } from '../../main/cache/db';\nexport const y = x;\n", 'src/renderer/src/x.ts')).toHaveLength(1);
    expect(await restrictedImportErrors("import { ipcRenderer } from 'electron';\nexport const y = ipcRenderer;\n", 'src/renderer/src/x.ts')).toHaveLength(1);
    expect(await restrictedImportErrors("import os from 'node:os';\nexport const y = os;\n", 'src/renderer/src/x.ts')).toHaveLength(1);
    expect(
      await restrictedImportErrors("import { parseVehicle } from '../../shared/vehicle';\nexport const y = parseVehicle;\n", 'src/renderer/src/x.ts'),
    ).toHaveLength(0);
  });

  it('src/preload takes only types from the contract, and no zod or node built-ins', async () => {
    expect(await restrictedImportErrors("import { channels } from '../shared/contract';\nexport const c = channels;\n", 'src/preload/x.ts')).toHaveLength(1);
    expect(await restrictedImportErrors("import type { Result } from '../shared/contract';\nexport type R = Result<1>;\n", 'src/preload/x.ts')).toHaveLength(0);
    expect(
      await restrictedImportErrors("import { isChannelName } from '../shared/channel-names';\nexport const c = isChannelName;\n", 'src/preload/x.ts'),
    ).toHaveLength(0);
    expect(await restrictedImportErrors("import { z } from 'zod';\nexport const s = z.string();\n", 'src/preload/x.ts')).toHaveLength(1);
    expect(await restrictedImportErrors("import fs from 'node:fs';\nexport const f = fs;\n", 'src/preload/x.ts')).toHaveLength(1);
  });

  it('only src/main/index.ts imports runtime values from electron', async () => {
    expect(await restrictedImportErrors("import { app } from 'electron';\nexport const a = app;\n", 'src/main/cache/x.ts')).toHaveLength(1);
    expect(await restrictedImportErrors("import type { App } from 'electron';\nexport type A = App;\n", 'src/main/cache/x.ts')).toHaveLength(0);
    expect(await restrictedImportErrors("import { app } from 'electron';\nexport const a = app;\n", 'src/main/index.ts')).toHaveLength(0);
  });
});

describe('renderer may not reach the sandbox', () => {
  it('flags a bare folder import', async () => {
    expect(
      await restrictedImportErrors("import { startSandbox } from '../../sandbox';\nexport const s = startSandbox;\n", 'src/renderer/src/x.ts'),
    ).toHaveLength(1);
  });
});

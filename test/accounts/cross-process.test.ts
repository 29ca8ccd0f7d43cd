// The account list written by two processes at once (issue 12, defect 8): the app and the
// command line, or two terminals, each adding accounts. Every account added is kept.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createAccountStore } from '../../src/main/accounts';
import { memoryKeychain } from '../../src/main/cli/context';

const ROOT = join(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CHILD = join(ROOT, 'test/accounts/fixtures/add-child.ts');

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'showroom-accounts-x-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

function addIn(prefix: string, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [CHILD, dataDir, prefix, String(count)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`child exited ${code}: ${stderr}`))));
  });
}

it('two processes adding accounts at the same time: every account is kept', { timeout: 60_000 }, async () => {
  const COUNT = 25;
  await Promise.all([addIn('North', COUNT), addIn('South', COUNT)]);
  const names = (await createAccountStore({ dataDir, keychain: memoryKeychain() }).list()).map((a) => a.name);
  expect(names).toHaveLength(2 * COUNT);
  for (let i = 0; i < COUNT; i++) expect(names).toEqual(expect.arrayContaining([`North ${i}`, `South ${i}`]));
});

// Runs the real command line in a child process, with a temp data folder and only the environment a
// test gives it: the command line as it ships (compiled once per run by test/global-setup.ts), or
// with `bin` through bin/showroom.mjs, or with `sources` from the TypeScript files as `npm run cli`
// does.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = join(REPO, 'src/main/cli/index.ts');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  /** Run bin/showroom.mjs (the installed command) instead of the compiled entry. */
  bin?: boolean;
  /** Run the TypeScript sources through tsx, as `npm run cli` does. */
  sources?: boolean;
  timeoutMs?: number;
  /** Called with the child once it is started (to signal it). */
  onSpawn?: (child: ChildProcess) => void;
  /** Close stdout's reading end at once, as `| head` does once it has its lines. */
  closeStdout?: boolean;
}

/** The parent's environment minus anything that would point the CLI at real data or a real token. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ['SHOWROOM_TOKEN', 'SHOWROOM_DATA_DIR', 'SHOWROOM_USER_DATA_DIR', 'NODE_OPTIONS']) delete env[key];
  return env;
}

let built = false;
/** bin/showroom.mjs runs the compiled command line: build it (esbuild, about a second) once per test file. */
function ensureCliBuilt(): void {
  if (built) return;
  const r = spawnSync(process.execPath, [join(REPO, 'scripts/build-cli.mjs')], { cwd: REPO, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`scripts/build-cli.mjs failed: ${r.stderr}`);
  built = true;
}

export function cli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  const env = baseEnv();
  for (const [k, v] of Object.entries(options.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  if (options.bin) ensureCliBuilt();
  const argv = options.bin ? [join(REPO, 'bin/showroom.mjs'), ...args] : options.sources ? ['--import', 'tsx', ENTRY, ...args] : [inject('cliEntry'), ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { cwd: REPO, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    if (options.closeStdout) child.stdout.destroy();
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
    options.onSpawn?.(child);
  });
}

export function tempDataDir(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'showroom-cli-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the JSON shape it expects, as a cast would (29 call sites)
export function json<T = unknown>(result: CliResult): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new Error(`not JSON (exit ${result.code}):\n${result.stdout}\n--- stderr ---\n${result.stderr}`);
  }
}

/** A sandbox portal, a temp data folder and one account added to it (--no-keychain, SHOWROOM_TOKEN). */
export interface CliAccount {
  sb: Sandbox;
  data: { dir: string; cleanup(): void };
  /** Runs a command on that data folder with the account's token; `env` adds to (or, with undefined, removes from) the environment. */
  run(args: string[], env?: Record<string, string | undefined>): Promise<CliResult>;
  close(): Promise<void>;
}

export async function cliAccount(
  sandbox: SandboxOptions,
  options: { env?: Record<string, string | undefined>; prepare?: (sb: Sandbox) => void } = {},
): Promise<CliAccount> {
  const sb = await startSandbox(sandbox);
  options.prepare?.(sb);
  const data = tempDataDir();
  const run = (args: string[], env: Record<string, string | undefined> = {}) =>
    cli([...args, '--data-dir', data.dir], { env: { SHOWROOM_TOKEN: sb.integrationToken, ...options.env, ...env } });
  const added = await run(['accounts', 'add', '--name', 'Loja', '--base-url', sb.baseUrl, '--no-keychain']);
  if (added.code !== 0) throw new Error(`accounts add failed (${added.code}): ${added.stderr}`);
  return {
    sb,
    data,
    run,
    async close() {
      await sb.close();
      data.cleanup();
    },
  };
}

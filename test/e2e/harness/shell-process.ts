// The browser shell as `npm start` runs it (src/main/browser-shell/cli.ts in a process of its own),
// for the e2e tests that drive it from outside: its terminal output, its exit, the address it prints.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../../..');

export interface ShellProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts the shell on `dataDir`. No display unless `env` gives one: the shell prints its address
 * instead of opening a window. And in English whatever the machine's locale: the checks read its words.
 */
export function startShellProcess(dataDir: string, env: Record<string, string> = {}): ShellProcess {
  // As scripts/start.mjs runs it: tsx as a loader inside one Node process, so signals reach the shell itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/browser-shell/cli.ts', '--data-dir', dataDir], {
    cwd: ROOT,
    env: { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '', LC_ALL: '', LC_MESSAGES: '', LANG: 'en_US.UTF-8', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The login address the shell printed (with --no-open or no display), and its ticket. */
export function printedAddress(output: string): { url: string; ticket: string } | undefined {
  const found = /^ {2}(http:\/\/127\.0\.0\.1:\d+\/\?key=([\w-]+))$/m.exec(output);
  return found?.[1] && found[2] ? { url: found[1], ticket: found[2] } : undefined;
}

// Running the next step as a child that owns the terminal: its exit status becomes ours, and the
// signals that are sent to us alone reach it. Plain ESM, node: built-ins only (runs on Node 20).
// @ts-check
import { spawn } from 'node:child_process';
import { delimiter, join } from 'node:path';

/**
 * Runs `cmd args` with the terminal, until it ends. Ctrl+C reaches the whole process group from
 * the terminal, so SIGINT is only held off here (not forwarded: the child would get it twice);
 * SIGTERM and SIGHUP are sent to us alone, so they are passed on. When our parent goes away
 * (npm, killed with SIGTERM, stops its `sh -c` but not us), the child is sent SIGTERM too.
 * @param {string} cmd
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @returns {Promise<{ code: number | null, signal: NodeJS.Signals | null, error?: Error }>}
 */
export function runInForeground(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...options });
    const onInterrupt = () => {};
    /** @param {NodeJS.Signals} signal */
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', onInterrupt);
    process.on('SIGTERM', forward);
    process.on('SIGHUP', forward);
    // process.ppid is read once at start-up: ask whether that process still exists instead.
    const parent = process.ppid;
    const orphaned = setInterval(() => {
      try {
        process.kill(parent, 0);
      } catch {
        clearInterval(orphaned);
        forward('SIGTERM');
      }
    }, 1_000);
    /** @param {{ code: number | null, signal: NodeJS.Signals | null, error?: Error }} result */
    const done = (result) => {
      process.off('SIGINT', onInterrupt);
      process.off('SIGTERM', forward);
      process.off('SIGHUP', forward);
      clearInterval(orphaned);
      resolve(result);
    };
    child.on('error', (error) => done({ code: null, signal: null, error }));
    child.on('close', (code, signal) => done({ code, signal }));
  });
}

/**
 * A process exit status for a child's end: its code, or 128 + n for a signal, as shells do.
 * @param {{ code: number | null, signal: NodeJS.Signals | null }} end
 */
export function exitStatus({ code, signal }) {
  if (code !== null) return code;
  /** @type {Partial<Record<NodeJS.Signals, number>>} */
  const numbers = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  return signal ? 128 + (numbers[signal] ?? 1) : 1;
}

/**
 * `env` with `dir` first on its PATH (the key is `Path` on Windows).
 * @param {Record<string, string | undefined>} env
 * @param {string} dir
 */
export function withPathFirst(env, dir) {
  const key = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
  return { ...env, [key]: env[key] ? `${dir}${delimiter}${env[key]}` : dir };
}

/** node_modules/.bin under `root`, for withPathFirst. @param {string} root */
export const binDir = (root) => join(root, 'node_modules', '.bin');

#!/usr/bin/env node
// `npm start` and `npm run preview`, after scripts/setup.mjs (so on the pinned Node): the app in
// Electron (`electron-vite dev|preview`), installing Electron's binary first when it is missing;
// the browser shell (src/main/browser-shell/cli.ts) when asked for (--browser, SHOWROOM_SHELL=browser,
// a browser-shell option) or when Electron cannot be downloaded or started — said in one line.
//   node scripts/start.mjs dev|preview [--browser] [--port N] [--no-open] [--data-dir DIR] [electron-vite options]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinary } from './lib/electron.mjs';
import { mtimeMs } from './lib/files.mjs';
import { exitStatus, runInForeground } from './lib/run.mjs';
import { ELECTRON_INSTALL_LIMIT_MS, chooseShell, electronBlocker, electronLaunch, failedAtOnce, firstErrorLine, rendererIsStale } from './lib/start-plan.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** What the built renderer (out/renderer) is made from. */
const RENDERER_SOURCES = ['src/renderer', 'src/preload', 'src/shared', 'build', 'electron.vite.config.ts', 'package-lock.json'];
const BROWSER_SHELL = 'src/main/browser-shell/cli.ts';

function fail(message, status = 1) {
  console.error(message);
  process.exit(status);
}

/** A package's bin script, to run on this (the pinned) Node by path on every OS. */
function binScript(pkg, name) {
  const { bin } = JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8'));
  return join(root, 'node_modules', pkg, typeof bin === 'string' ? bin : bin[name]);
}

/**
 * Electron's own installer (node_modules/electron/install.js), within a time limit; returns why it
 * failed, or undefined. It says nothing unless it takes a while: where the download host cannot be
 * reached it fails within a second, and the caller says so in one line.
 */
function installElectron() {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/electron/install.js')], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
    });
    const notice = setTimeout(() => console.log(`start: downloading the Electron binary (once; at most ${ELECTRON_INSTALL_LIMIT_MS / 1000} s)…`), 2_000);
    let timedOut = false;
    const limit = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, ELECTRON_INSTALL_LIMIT_MS);
    const finish = (failure) => {
      clearTimeout(notice);
      clearTimeout(limit);
      done(failure);
    };
    child.on('error', (error) => finish(error.message));
    child.on('close', (code) => {
      if (timedOut) finish(`no download within ${ELECTRON_INSTALL_LIMIT_MS / 1000} s`);
      else finish(code === 0 ? undefined : firstErrorLine(stderr, `exit status ${code}`));
    });
  });
}

/** Runs Electron; returns why it could not (then the browser shell takes over), or exits with its status. */
async function electron({ mode, args }) {
  const blocker = electronBlocker({ platform: process.platform, env: process.env });
  if (blocker) return `Electron cannot open a window: ${blocker}`;
  let binary = electronBinary(root);
  if (!binary) {
    const failure = await installElectron();
    binary = electronBinary(root);
    if (!binary) return `the Electron binary could not be downloaded (${failure ?? 'it is still missing after the download'})`;
  }
  // A binary that cannot even print its version (missing system libraries) fails here, quickly.
  const version = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 15_000, stdio: ['ignore', 'pipe', 'pipe'] });
  if (version.status !== 0) return `Electron cannot start (${firstErrorLine(version.stderr ?? '', `exit status ${version.status}`)})`;

  const launch = electronLaunch(mode, args, (p) => resolve(p));
  let interrupted = false;
  const onInterrupt = () => {
    interrupted = true;
  };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
  const started = Date.now();
  const result = await runInForeground(process.execPath, [binScript('electron-vite', 'electron-vite'), ...launch.args], {
    cwd: root,
    env: { ...process.env, ...launch.env },
  });
  if (result.error) return `Electron could not start (${result.error.message})`;
  if (failedAtOnce({ code: result.code, elapsedMs: Date.now() - started, interrupted })) return `Electron exited at once (status ${result.code}, see above)`;
  process.exit(exitStatus(result));
}

/** The newest mtime among the files of `paths` (files or folders). */
function newestMtime(paths) {
  let newest = 0;
  for (const path of paths.map((p) => join(root, p))) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    const files = stat.isDirectory()
      ? readdirSync(path, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => join(e.parentPath, e.name))
      : [path];
    for (const file of files) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

async function browserShell(args) {
  const cli = join(root, BROWSER_SHELL);
  if (!existsSync(cli)) fail(`start: the browser shell is missing from this checkout (${BROWSER_SHELL})`);
  const index = join(root, 'out/renderer/index.html');
  const builtMs = mtimeMs(index);
  if (rendererIsStale({ builtMs, newestSourceMs: newestMtime(RENDERER_SOURCES) })) {
    console.log(`start: building the app (electron-vite build)${builtMs === undefined ? '' : ': its sources changed since the last build'}…`);
    const built = spawnSync(process.execPath, [binScript('electron-vite', 'electron-vite'), 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) fail('start: the build failed (see above)');
  }
  // tsx as a loader inside this one Node process (not tsx's own launcher, which relays signals to a
  // second process): Ctrl+C and SIGTERM reach the shell itself, which stops cleanly.
  const result = await runInForeground(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: root });
  if (result.error) fail(`start: could not start the browser shell: ${result.error.message}`);
  process.exit(exitStatus(result));
}

const choice = chooseShell(process.argv.slice(2), process.env);
if ('error' in choice) fail(choice.error, 2);
if (choice.shell === 'electron') {
  const why = await electron(choice);
  console.log(`start: ${why}: opening the browser shell instead.`);
} else if (choice.why) {
  console.log(`start: the browser shell (${choice.why}).`);
}
await browserShell(choice.args);

#!/usr/bin/env node
// The set-up behind `npm start`, `npm test` and .ci/run: the system packages (Debian/Ubuntu, with
// apt-get), `npm ci` when node_modules is missing or stale, then the next step on the pinned Node.
// It runs on the system Node (20 is enough), before node_modules exists: node: built-ins only.
// Idempotent; with nothing to do it costs one dpkg-query and a few stat calls.
//   node scripts/setup.mjs [next-script.mjs [args…]]
import { spawnSync } from 'node:child_process';
import { existsSync, utimesSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mtimeMs, readJson } from './lib/files.mjs';
import { binDir, exitStatus, runInForeground, withPathFirst } from './lib/run.mjs';
import {
  NPM_CI_REASONS,
  SYSTEM_PACKAGES,
  canReinstallFrom,
  installedFromDpkg,
  lockfilesAgree,
  missingPackages,
  npmCiReason,
  pinnedNodePath,
  planSystemPackages,
} from './lib/setup-plan.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function fail(message) {
  console.error(message);
  process.exit(1);
}

/** The listed packages not installed, or undefined where there is no dpkg (not Debian-like). */
function queryMissing(wanted) {
  const r = spawnSync('dpkg-query', ['-W', '-f', '${Package}\t${db:Status-Abbrev}\n', ...wanted], { encoding: 'utf8' });
  if (r.error) return undefined;
  return missingPackages(wanted, installedFromDpkg(r.stdout));
}

function systemPackages() {
  if (process.platform !== 'linux') return;
  const wanted = Object.keys(SYSTEM_PACKAGES);
  const found = queryMissing(wanted);
  const missing = found ?? wanted;
  const isRoot = process.getuid?.() === 0;
  // Asked only when something is missing: sudo costs time and may log.
  const sudoWorks = missing.length > 0 && found !== undefined && !isRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  const plan = planSystemPackages({ platform: process.platform, hasApt: found !== undefined, missing, isRoot, sudoWorks });
  if (plan.action === 'warn') console.warn(plan.message);
  if (plan.action === 'stop') fail(plan.message);
  if (plan.action !== 'install') return;
  console.log(`setup: installing system packages with apt-get: ${missing.join(' ')}`);
  for (const [cmd, ...args] of plan.commands) {
    const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    if (r.status !== 0) fail(`setup: \`${[cmd, ...args].join(' ')}\` failed (see above)`);
  }
  const still = queryMissing(wanted) ?? [];
  if (still.length > 0) fail(`setup: still missing after apt-get: ${still.join(' ')}`);
}

function nodeModules() {
  const lockFile = join(root, 'package-lock.json');
  const installedLock = join(root, 'node_modules/.package-lock.json');
  const pinnedNode = join(root, pinnedNodePath(process.platform));
  let reason = npmCiReason({ lockMs: mtimeMs(lockFile), installedLockMs: mtimeMs(installedLock), pinnedNode: existsSync(pinnedNode) });
  if (reason === 'lock-newer') {
    const lock = readJson(lockFile);
    const installed = readJson(installedLock);
    if (lock && installed && lockfilesAgree(lock, installed)) {
      // Same packages, only a newer file (a checkout): remember that, so the next run stays quick.
      const now = new Date();
      utimesSync(installedLock, now, now);
      reason = undefined;
    }
  }
  if (!reason) return pinnedNode;
  if (!canReinstallFrom(process.platform, process.execPath, root)) {
    fail(`setup: ${NPM_CI_REASONS[reason]}, and npm cannot replace the Node it is running on. Run \`npm ci\`, then the same command again.`);
  }
  console.log(`setup: npm ci (${NPM_CI_REASONS[reason]})`);
  // Under npm, npm_execpath is npm's own script: the same npm, whatever the PATH holds. Errors only:
  // on the system Node every package that wants Node 22+ would warn, and the pinned Node takes over.
  const npm = process.env.npm_execpath?.endsWith('.js') ? [process.execPath, process.env.npm_execpath] : [process.platform === 'win32' ? 'npm.cmd' : 'npm'];
  const r = spawnSync(npm[0], [...npm.slice(1), 'ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    shell: process.platform === 'win32' && npm.length === 1,
  });
  if (r.status !== 0) fail('setup: npm ci failed (see above)');
  if (!existsSync(pinnedNode)) fail(`setup: npm ci did not install the pinned Node (${pinnedNodePath(process.platform)})`);
  return pinnedNode;
}

systemPackages();
const node = nodeModules();
const [next, ...args] = process.argv.slice(2);
if (next) {
  // The pinned Node by its path, node_modules/.bin first on the PATH: every `node` the next step
  // starts is the pinned one too.
  const result = await runInForeground(node, [resolve(root, next), ...args], { cwd: root, env: withPathFirst(process.env, binDir(root)) });
  if (result.error) fail(`setup: could not start ${next}: ${result.error.message}`);
  process.exit(exitStatus(result));
}

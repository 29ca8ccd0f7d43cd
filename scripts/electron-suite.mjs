#!/usr/bin/env node
// The Electron launch suite (test/electron, playwright.electron.config.ts). It needs the real
// Electron binary, which cannot be downloaded on every machine: where it is missing (or there is
// no display to open a window on) the suite is reported as NOT RUN, with its test count, never
// as passed.
//   node scripts/electron-suite.mjs [--report reports/electron.json]
// Report: { ran: boolean, reason?: string, tests?: number, passed?: number, failed?: number, skipped?: number }
/* global process, console -- a Node script */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinary } from './lib/electron.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const reportIndex = process.argv.indexOf('--report');
const reportFile = reportIndex > 0 ? process.argv[reportIndex + 1] : undefined;
const playwright = join(root, 'node_modules/.bin/playwright');
const config = 'playwright.electron.config.ts';

function report(value) {
  if (reportFile) {
    mkdirSync(dirname(reportFile), { recursive: true });
    writeFileSync(reportFile, `${JSON.stringify(value, null, 2)}\n`);
  }
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** How many tests the suite has, by listing them (no Electron needed). */
function countTests() {
  const r = spawnSync(playwright, ['test', '-c', config, '--list'], { encoding: 'utf8' });
  const match = /Total: (\d+) tests? in/.exec(r.stdout ?? '');
  return match ? Number(match[1]) : undefined;
}

function notRun(reason, howTo) {
  const tests = countTests();
  const count = tests === undefined ? 'Its tests' : `${tests} test${tests === 1 ? '' : 's'}`;
  console.log(`Electron launch suite: NOT RUN — ${reason}${howTo ? ` (${howTo})` : ''}. ${count} not run.`);
  report({ ran: false, reason, ...(tests === undefined ? {} : { tests }) });
  process.exit(0);
}

const binary = electronBinary(root);
if (!binary) {
  notRun(
    'the Electron binary is not installed',
    'where downloads are allowed `npm start` installs it (or `node_modules/.bin/install-electron`), or point ELECTRON_OVERRIDE_DIST_PATH at an unpacked Electron 45 build',
  );
}

const needsDisplay = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
const wrap = needsDisplay ? (onPath('xvfb-run') ? ['xvfb-run', '-a'] : undefined) : [];
if (!wrap) notRun('there is no display and xvfb-run is not installed', 'apt-get install xvfb, or run with a DISPLAY');

if (!existsSync(join(root, 'out/main/index.js'))) {
  console.log('Electron launch suite: building first (electron-vite build)');
  const built = spawnSync(join(root, 'node_modules/.bin/electron-vite'), ['build'], { stdio: 'inherit' });
  if (built.status !== 0) {
    report({ ran: true, reason: 'the build failed', tests: countTests(), passed: 0, failed: 1 });
    process.exit(1);
  }
}

// CI containers run as root, where Chromium needs --no-sandbox (test/electron/sandbox-args.ts): say so.
if (process.platform === 'linux' && process.getuid?.() === 0 && process.env.CI) {
  console.log('Electron launch suite: running as root in CI, so Chromium’s sandbox is off for this run (--no-sandbox).');
}

const scratch = mkdtempSync(join(tmpdir(), 'showroom-electron-'));
const jsonFile = join(scratch, 'electron.json');
const [cmd, ...pre] = [...wrap, playwright];
const r = spawnSync(cmd, [...pre, 'test', '-c', config, '--reporter=list,json'], {
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: jsonFile },
});
let stats;
try {
  stats = JSON.parse(readFileSync(jsonFile, 'utf8')).stats;
} catch {
  stats = undefined;
}
rmSync(scratch, { recursive: true, force: true });

if (!stats) {
  console.log('Electron launch suite: the run produced no report (see above); counted as one failure.');
  report({ ran: true, reason: 'no report from playwright', tests: countTests(), passed: 0, failed: 1 });
  process.exit(1);
}
const passed = stats.expected + stats.flaky;
const failed = stats.unexpected + (r.status !== 0 && stats.unexpected === 0 ? 1 : 0);
const tests = stats.expected + stats.flaky + stats.unexpected + stats.skipped;
console.log(`Electron launch suite: ${passed} passed, ${failed} failed, ${stats.skipped} skipped (Electron at ${binary}).`);
report({ ran: true, tests, passed, failed, skipped: stats.skipped });
process.exit(failed === 0 ? 0 : 1);

#!/usr/bin/env node
// `npm test`: every suite in order, each counted, then one closing line `N passed, N failed`.
// Suites: typecheck, lint, the formatter's check and build count as one check each; unit/integration (Vitest) and
// end-to-end (Playwright in Chromium) count their tests; the Electron launch suite counts as
// "not run" (never as passed) where the Electron binary is missing.
// keytar needs a Secret Service: without a D-Bus session we re-run ourselves inside one with a
// throw-away unlocked gnome-keyring (scripts/with-keyring.sh).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readJson } from './lib/files.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS && !process.env.SHOWROOM_KEYRING_SESSION) {
  const r = spawnSync(join(root, 'scripts/with-keyring.sh'), [process.execPath, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(r.status ?? 1);
}

const reports = join(root, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const bin = (name) => join(root, 'node_modules/.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function check(name, cmd, args) {
  console.log(`\n=== ${name}`);
  const ok = run(cmd, args);
  totals[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${name}: ${ok ? 'passed' : 'FAILED'}`);
  return ok;
}

/** Runs checks side by side (each is one process on one core), then reports each in order with its output. */
async function checksSideBySide(checks) {
  const results = await Promise.all(
    checks.map(
      ([name, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('error', (error) => resolve({ name, ok: false, output: `${output}${error.message}\n` }));
          child.on('close', (code) => resolve({ name, ok: code === 0, output }));
        }),
    ),
  );
  for (const { name, ok, output } of results) {
    console.log(`\n=== ${name}`);
    if (output) process.stdout.write(output);
    totals[ok ? 'passed' : 'failed'] += 1;
    lines.push(`${name}: ${ok ? 'passed' : 'FAILED'}`);
  }
}

// 1. Static checks.
await checksSideBySide([
  ['typecheck (main, preload, shared, sandbox, tests)', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']],
  ['typecheck (renderer)', bin('tsc'), ['-p', 'tsconfig.web.json', '--noEmit']],
  ['lint', bin('eslint'), ['--max-warnings=0', '.']],
  ['format (prettier --check)', bin('prettier'), ['--check', '--log-level=warn', '.']],
]);

// 2. Unit and integration tests under Node (sandbox over loopback, real SQLite, real keychain).
console.log('\n=== unit and integration (vitest)');
const vitestFile = join(reports, 'vitest.json');
const vitestOk = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFile}`]);
const vitest = readJson(vitestFile);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  lines.push(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed, ${vitest.numPendingTests} skipped`);
  if (!vitestOk && vitest.numFailedTests === 0) {
    totals.failed += 1;
    lines.push('vitest: FAILED outside any test (see above)');
  }
} else {
  totals.failed += 1;
  lines.push('vitest: FAILED to report (see above)');
}

// 3. Build (the e2e suite loads the renderer as electron-vite builds it).
const built = check('build (electron-vite)', bin('electron-vite'), ['build']);

// 4. End-to-end in Chromium.
const e2eDir = join(root, 'test/e2e');
const hasSpecs = existsSync(e2eDir) && readdirSync(e2eDir, { recursive: true }).some((f) => String(f).endsWith('.spec.ts'));
if (!hasSpecs) {
  lines.push('e2e: no specs yet');
} else if (!built) {
  totals.failed += 1;
  lines.push('e2e: not run because the build failed (counted as failed)');
} else {
  console.log('\n=== end-to-end (playwright, chromium)');
  const e2eFile = join(reports, 'e2e.json');
  const ok = run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile });
  const e2e = readJson(e2eFile);
  if (e2e?.stats) {
    const { expected, unexpected, skipped, flaky } = e2e.stats;
    totals.passed += expected + flaky;
    totals.failed += unexpected;
    totals.skipped += skipped;
    lines.push(`e2e: ${expected + flaky} passed (${flaky} flaky), ${unexpected} failed, ${skipped} skipped`);
    if (!ok && unexpected === 0) {
      totals.failed += 1;
      lines.push('e2e: FAILED outside any test (see above)');
    }
  } else {
    totals.failed += 1;
    lines.push('e2e: FAILED to report (see above)');
  }
}

// 5. Electron launch suite: runs only where the Electron binary is installed.
console.log('\n=== electron launch suite');
const electronFile = join(reports, 'electron.json');
const electronOk = run(process.execPath, [join(root, 'scripts/electron-suite.mjs'), '--report', electronFile]);
const electron = readJson(electronFile);
if (electron?.ran) {
  totals.passed += electron.passed;
  totals.failed += electron.failed;
  lines.push(`electron: ${electron.passed} passed, ${electron.failed} failed`);
} else if (electron) {
  lines.push(`electron: NOT RUN (${electron.reason}); its ${electron.tests ?? 'tests'} count neither as passed nor as failed`);
} else {
  totals.failed += 1;
  lines.push(`electron: FAILED to report${electronOk ? '' : ' (see above)'}`);
}

// The last line is exactly `N passed, N failed` (CI reads it); the skipped count goes just above it.
lines.push(`skipped: ${totals.skipped}`);
const summary = `${totals.passed} passed, ${totals.failed} failed`;
writeFileSync(join(reports, 'summary.txt'), `${lines.join('\n')}\n${summary}\n`);
console.log(`\n=== summary\n${lines.join('\n')}\n${summary}`);
process.exit(totals.failed === 0 ? 0 : 1);

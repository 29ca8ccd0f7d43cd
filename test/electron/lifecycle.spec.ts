/* eslint-disable no-empty-pattern -- Playwright reads a fixture's dependencies from its destructured first argument; `{}` means none. */
// One Showroom per profile, and the window opens where the dealer left it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { electronBinary, launchShowroom, MAIN, ROOT, sandboxArgsHere } from './launch';

test('a second instance hands over to the first and exits', async ({}, testInfo) => {
  const first = await launchShowroom(testInfo);
  try {
    const second = spawn(electronBinary()!, [...sandboxArgsHere(), MAIN], {
      cwd: ROOT,
      env: { ...process.env, SHOWROOM_USER_DATA_DIR: first.userData },
      stdio: 'ignore',
    });
    const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
    expect(code).toBe(0);
    expect(await first.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  } finally {
    await first.app.close();
  }
});

test('the window size and position are remembered', async ({}, testInfo) => {
  const first = await launchShowroom(testInfo);
  await first.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.setBounds({ x: 40, y: 30, width: 1000, height: 700 }));
  await first.app.close();
  const stateFile = join(first.userData, 'window-state.json');
  expect(existsSync(stateFile)).toBe(true);
  expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toMatchObject({ width: 1000, height: 700 });

  const second = await launchShowroom(testInfo, { userData: first.userData });
  try {
    const bounds = await second.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.getBounds());
    expect(bounds).toMatchObject({ width: 1000, height: 700 });
  } finally {
    await second.app.close();
  }
  // A damaged state file is ignored, not fatal.
  writeFileSync(stateFile, '{ nope');
  const third = await launchShowroom(testInfo, { userData: first.userData });
  await third.app.close();
});

test('logs go to <userData>/logs', async ({}, testInfo) => {
  const launched = await launchShowroom(testInfo);
  await launched.app.close();
  const log = join(launched.userData, 'logs', 'showroom.log');
  expect(existsSync(log)).toBe(true);
  expect(readFileSync(log, 'utf8')).toContain('"message":"starting"');
});

// The browser shell as `npm start` runs it: its own process (src/main/browser-shell/cli.ts) on a
// data folder, with no display. It prints the address, a browser that opens it sees the app, a
// second start opens the running one, and Ctrl+C in the middle of a sync stops it cleanly: sync
// cancelled, database closed (no write-ahead log left), instance record removed, within seconds.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { INSTANCE_FILE } from '../../src/main/browser-shell/instance';
import { button, fillConnectForm, syncProgress, words } from './helpers';
import { expect, expectNoSecretsIn, test } from './fixtures';
import { printedAddress, startShellProcess, type ShellProcess } from './harness/shell-process';

test.use({ sandboxOptions: { vehicles: 1_000 } });

async function addressOf(shell: ShellProcess): Promise<string> {
  const address = () => printedAddress(shell.output())?.url;
  await expect.poll(address, { timeout: 60_000, message: 'the shell prints its address' }).toBeTruthy();
  return address() ?? '';
}

test('npm start with no display: prints the address, serves the app, one instance, Ctrl+C mid-sync stops cleanly', async ({
  page,
  sandbox,
  secrets,
}, testInfo) => {
  test.setTimeout(180_000);
  const dataDir = testInfo.outputPath('shell-data');
  const shell = startShellProcess(dataDir);
  try {
    const address = await addressOf(shell);
    expect(shell.output()).toMatch(/There is no display here: open this address/);

    // A second start on the same data folder opens the running one and leaves at once, with a
    // fresh login address from it (each logs in once).
    const second = startShellProcess(dataDir);
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('already running for this data folder');
    const fresh = printedAddress(second.output())?.url ?? '';
    expect(fresh.startsWith(`${new URL(address).origin}/?key=`)).toBe(true);
    expect(fresh).not.toBe(address);

    // A browser that opens the address sees the first-run screen and can connect an account.
    await page.goto(address);
    await expect(page).toHaveURL(new URL('/', address).href);
    expect((await fetch(address, { redirect: 'manual' })).status).toBe(403);
    expect((await fetch(fresh, { redirect: 'manual' })).status).toBe(200);
    expect((await fetch(fresh, { redirect: 'manual' })).status).toBe(403);
    await fillConnectForm(page, sandbox, sandbox.integrationToken);
    // The portal holds the listing pages: the first sync is certainly running when Ctrl+C comes,
    // and only the shell cancelling it lets the shell stop.
    sandbox.hold.hold('GET /vehicles');
    await button(page, words('en')('connect.save')).click();
    await expect(syncProgress(page)).toBeVisible({ timeout: 30_000 });
    await sandbox.hold.whenHeld(1);

    // Ctrl+C in the middle of the first sync: a clean stop, not the one given up at the limit.
    shell.child.kill('SIGINT');
    expect(await shell.exited, shell.output()).toBe(0);
    expect(shell.output()).toContain('Showroom has stopped.');
    expect(shell.output()).not.toContain('did not stop cleanly');
    sandbox.hold.release();

    expect(existsSync(join(dataDir, INSTANCE_FILE))).toBe(false);
    const accounts = join(dataDir, 'accounts');
    const [account] = readdirSync(accounts);
    const cacheFile = join(accounts, account ?? '', 'cache.sqlite');
    // Closed: the write-ahead log was checkpointed and removed, and the file is whole.
    expect(existsSync(`${cacheFile}-wal`) && statSync(`${cacheFile}-wal`).size > 0).toBe(false);
    const db = new Database(cacheFile, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
    // The page is told the app stopped: its calls fail instead of hanging.
    const call = await page.evaluate(() =>
      (globalThis as unknown as { showroom: { invoke(c: string, i: unknown): Promise<unknown> } }).showroom.invoke('app.info', {}).then(
        () => 'answered',
        (e: unknown) => (e as Error).message,
      ),
    );
    expect(call).toMatch(/not running|stopped|lost/);
    expectNoSecretsIn([dataDir], [...secrets, sandbox.integrationToken]);
  } finally {
    sandbox.hold.release();
    if (shell.child.exitCode === null) shell.child.kill('SIGKILL');
  }
});

// eslint-disable-next-line no-empty-pattern -- Playwright reads a test's fixtures from its destructured first argument; this one needs none.
test('in a desktop session the app opens in its own Chromium window, and closing that window stops Showroom', async ({}, testInfo) => {
  test.setTimeout(120_000);
  // A real X display (Xvfb, a system package the set-up installs) for a real app-mode window.
  const display = `:${90 + (process.pid % 500)}`;
  const xvfb = spawn('Xvfb', [display, '-screen', '0', '1280x800x24'], { stdio: 'ignore' });
  const dataDir = testInfo.outputPath('shell-data');
  let shell: ShellProcess | undefined;
  try {
    // Xvfb is up once its socket is there.
    await expect.poll(() => existsSync(`/tmp/.X11-unix/X${display.slice(1)}`), { timeout: 30_000 }).toBe(true);
    shell = startShellProcess(dataDir, { DISPLAY: display });
    const started = shell;
    await expect.poll(() => started.output(), { timeout: 60_000 }).toContain('opened in its own window');
    // The window loads the app: its bridge socket connects, and the shell logs it.
    const log = join(dataDir, 'logs', 'showroom.log');
    await expect.poll(() => (existsSync(log) ? readFileSync(log, 'utf8') : ''), { timeout: 60_000 }).toContain('the window connected');
    expect(started.output()).not.toContain('could not be opened');
    // The dealer closes the window: its browser process ends.
    spawn('pkill', ['-TERM', '-f', `user-data-dir=${join(dataDir, 'browser-window')}`]);
    expect(await started.exited, started.output()).toBe(0);
    expect(started.output()).toContain('Showroom is stopping (the Showroom window was closed)');
    expect(started.output()).toContain('Showroom has stopped.');
    expect(existsSync(join(dataDir, INSTANCE_FILE))).toBe(false);
  } finally {
    if (shell && shell.child.exitCode === null) shell.child.kill('SIGKILL');
    xvfb.kill();
  }
});

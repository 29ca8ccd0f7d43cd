// The login key is not readable by another account on the dealer's machine. A throw-away local
// user (created here; root on Linux, as CI runs) looks where any account can: every process's
// command line in /proc, and the files the shell wrote. It finds no login address, no ticket and
// no instance key, and cannot read the page the window opened nor the instance record. The
// window's own address is used up once the window logged in; a printed one logs in once.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INSTANCE_FILE } from '../../src/main/browser-shell/instance';
import { loginPagePath } from '../../src/main/browser-shell/login-page';
import { expect, test } from './fixtures';
import { printedAddress, startShellProcess, type ShellProcess } from './harness/shell-process';

const canMakeUsers = process.platform === 'linux' && process.getuid?.() === 0;

interface Probe {
  uid: number;
  gid: number;
}

/** What the other account sees: `sh -c script` run as it. */
function asProbe(probe: Probe, script: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('/bin/sh', ['-c', script], { uid: probe.uid, gid: probe.gid, cwd: '/', encoding: 'utf8', env: { PATH: '/usr/bin:/bin' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Every process's command line as the probe reads it, one per line, arguments space-separated. */
function commandLines(probe: Probe): string[] {
  const { stdout } = asProbe(probe, `for f in /proc/[0-9]*/cmdline; do tr '\\000' ' ' < "$f" 2>/dev/null; echo; done`);
  return stdout.split('\n').filter((line) => line.trim() !== '');
}

let probe: Probe | undefined;
const probeName = `showroom-probe-${process.pid}`;

test.beforeAll(() => {
  if (!canMakeUsers) return;
  const made = spawnSync('useradd', ['--no-create-home', '--shell', '/usr/sbin/nologin', probeName], { encoding: 'utf8' });
  // A system without useradd (a minimal container): the modes are checked instead.
  if (made.error && 'code' in made.error && made.error.code === 'ENOENT') return;
  if (made.status !== 0) throw new Error(`useradd failed: ${made.stderr}`);
  const id = (flag: string) => Number(spawnSync('id', [flag, probeName], { encoding: 'utf8' }).stdout.trim());
  probe = { uid: id('-u'), gid: id('-g') };
});

test.afterAll(() => {
  if (probe) spawnSync('userdel', [probeName]);
});

/** A data folder any account may enter, as an older Debian or Ubuntu home is, or a --data-dir anywhere. */
function openDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'showroom-login-'));
  chmodSync(dir, 0o755);
  return join(dir, 'data');
}

const logsOf = (dataDir: string) => {
  const dir = join(dataDir, 'logs');
  return existsSync(dir)
    ? readdirSync(dir)
        .map((file) => readFileSync(join(dir, file), 'utf8'))
        .join('\n')
    : '';
};

/** The ticket in the page the window opened, and the instance key in the record (read here, as the dealer). */
function secretsOf(dataDir: string): { ticket: string; key: string; port: number } {
  const page = readFileSync(loginPagePath(dataDir), 'utf8');
  const ticket = /[?&]key=([\w-]+)/.exec(page)?.[1] ?? '';
  const record = JSON.parse(readFileSync(join(dataDir, INSTANCE_FILE), 'utf8')) as { key: string; port: number };
  expect(ticket).not.toBe('');
  return { ticket, key: record.key, port: record.port };
}

/** What another account finds: no command line with a login address, a ticket or the key; neither file readable. */
function expectNothingForOthers(dataDir: string, secrets: { ticket: string; key: string }, opened: RegExp): void {
  const page = loginPagePath(dataDir);
  if (!probe) {
    // No second account here: the modes that keep one out.
    for (const path of [page, join(dataDir, 'browser-login'), join(dataDir, INSTANCE_FILE)]) expect(statSync(path).mode & 0o077, path).toBe(0);
    return;
  }
  const lines = commandLines(probe);
  for (const line of lines) {
    expect(line).not.toContain(secrets.ticket);
    expect(line).not.toContain(secrets.key);
    expect(line).not.toMatch(/\?key=/);
  }
  // And it does see the program that opened the window, with what it was given.
  expect(
    lines.some((line) => opened.test(line)),
    lines.join('\n'),
  ).toBe(true);
  expect(asProbe(probe, `cat '${page}'`)).toMatchObject({ status: 1, stdout: '' });
  expect(asProbe(probe, `ls '${join(dataDir, 'browser-login')}'`)).toMatchObject({ stdout: '' });
  expect(asProbe(probe, `cat '${join(dataDir, INSTANCE_FILE)}'`)).toMatchObject({ status: 1, stdout: '' });
}

const get = (port: number, ticket: string) => fetch(`http://127.0.0.1:${port}/?key=${ticket}`, { redirect: 'manual' }).then((r) => r.status);

// eslint-disable-next-line no-empty-pattern -- Playwright reads a test's fixtures from its destructured first argument; this one needs none.
test('the app window: Chromium opens a private page, and no command line holds the login key', async ({}, testInfo) => {
  test.setTimeout(120_000);
  const display = `:${90 + ((process.pid + 7) % 500)}`;
  const xvfb = spawn('Xvfb', [display, '-screen', '0', '1280x800x24'], { stdio: 'ignore' });
  const dataDir = openDataDir();
  let shell: ShellProcess | undefined;
  try {
    shell = startShellProcess(dataDir, { DISPLAY: display });
    const started = shell;
    await expect.poll(() => started.output(), { timeout: 60_000 }).toContain('opened in its own window');
    // The window loaded the app through the page and logged in: its bridge connected.
    await expect.poll(() => logsOf(dataDir), { timeout: 60_000, message: started.output() }).toContain('a window connected');
    const secrets = secretsOf(dataDir);
    expectNothingForOthers(dataDir, secrets, /chromium.*--app=file:\/\/\S*browser-login\/open\.html/);
    // The window used the address in the page: it logs no one else in.
    expect(await get(secrets.port, secrets.ticket)).toBe(403);
    expect(logsOf(dataDir)).not.toContain(secrets.ticket);
    expect(logsOf(dataDir)).not.toContain(secrets.key);

    // A second start without a window prints a fresh address from the running shell: once.
    const second = startShellProcess(dataDir);
    expect(await second.exited).toBe(0);
    const printed = printedAddress(second.output())?.ticket ?? '';
    expect(printed, second.output()).not.toBe('');
    expect(await get(secrets.port, printed)).toBe(200);
    expect(await get(secrets.port, printed)).toBe(403);
    testInfo.annotations.push({ type: 'probe', description: probe ? `checked as uid ${probe.uid}` : 'no second account: modes checked' });
  } finally {
    if (shell && shell.child.exitCode === null) {
      shell.child.kill('SIGTERM');
      await shell.exited;
    }
    xvfb.kill();
  }
  // Stopped: the page is gone.
  expect(existsSync(loginPagePath(dataDir))).toBe(false);
});

// eslint-disable-next-line no-empty-pattern -- as above.
test("the default browser: xdg-open is given the private page's path, not the address", async ({}, testInfo) => {
  test.setTimeout(90_000);
  const dataDir = openDataDir();
  // No Chromium on this PATH: the shell hands the page to xdg-open, a stand-in that notes what it
  // got and stays running (as a browser would) until told to go.
  const bin = mkdtempSync(join(tmpdir(), 'showroom-bin-'));
  chmodSync(bin, 0o755);
  const noted = join(bin, 'args');
  const done = join(bin, 'done');
  writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$@" > '${noted}'\nwhile [ ! -e '${done}' ]; do /bin/sleep 0.2; done\n`, { mode: 0o755 });
  const shell = startShellProcess(dataDir, { DISPLAY: ':0', PATH: bin });
  try {
    await expect.poll(() => existsSync(noted) && readFileSync(noted, 'utf8'), { timeout: 60_000, message: shell.output() }).toBe(`${loginPagePath(dataDir)}\n`);
    expect(shell.output()).toContain(`  ${loginPagePath(dataDir)}`);
    expect(shell.output()).not.toMatch(/\?key=/);
    const secrets = secretsOf(dataDir);
    expectNothingForOthers(dataDir, secrets, /xdg-open \S*browser-login\/open\.html/);
    // The address in the page works once, as a browser opening it would use it.
    expect(await get(secrets.port, secrets.ticket)).toBe(200);
    expect(await get(secrets.port, secrets.ticket)).toBe(403);
    testInfo.annotations.push({ type: 'probe', description: probe ? `checked as uid ${probe.uid}` : 'no second account: modes checked' });
  } finally {
    writeFileSync(done, '');
    if (shell.child.exitCode === null) {
      shell.child.kill('SIGTERM');
      await shell.exited;
    }
    rmSync(bin, { recursive: true, force: true });
  }
});

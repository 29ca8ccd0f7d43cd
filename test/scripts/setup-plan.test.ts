import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SYSTEM_PACKAGES,
  canReinstallFrom,
  installedFromDpkg,
  lockfilesAgree,
  missingPackages,
  npmCiReason,
  pinnedNodePath,
  planSystemPackages,
} from '../../scripts/lib/setup-plan.mjs';

const ROOT = join(import.meta.dirname, '../..');
const wanted = Object.keys(SYSTEM_PACKAGES);

describe('installedFromDpkg and missingPackages', () => {
  it('counts only fully installed packages ("ii"), and keeps the list order for the missing ones', () => {
    const output = 'dbus\tii \nchromium\trc \nlibsecret-1-dev\tii \ngnome-keyring\tiU \n\n';
    const installed = installedFromDpkg(output);
    expect([...installed].sort()).toEqual(['dbus', 'libsecret-1-dev']);
    expect(missingPackages(['libsecret-1-dev', 'gnome-keyring', 'dbus', 'chromium'], installed)).toEqual(['gnome-keyring', 'chromium']);
  });
  it('treats empty output (dpkg-query found none of them) as all missing', () => {
    expect(missingPackages(wanted, installedFromDpkg(''))).toEqual(wanted);
  });
});

describe('planSystemPackages', () => {
  const base = { platform: 'linux', hasApt: true, missing: ['libsecret-1-dev', 'chromium'], isRoot: false, sudoWorks: false };

  it('does nothing on macOS and Windows, or when nothing is missing', () => {
    expect(planSystemPackages({ ...base, platform: 'darwin' })).toEqual({ action: 'none' });
    expect(planSystemPackages({ ...base, platform: 'win32' })).toEqual({ action: 'none' });
    expect(planSystemPackages({ ...base, missing: [] })).toEqual({ action: 'none' });
  });
  it('as root: apt-get update, then a non-interactive install of exactly the missing packages', () => {
    const plan = planSystemPackages({ ...base, isRoot: true });
    expect(plan).toEqual({
      action: 'install',
      commands: [
        ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'update', '-qq'],
        ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', 'libsecret-1-dev', 'chromium'],
      ],
    });
  });
  it('with password-less sudo: the same commands through `sudo -n`', () => {
    const plan = planSystemPackages({ ...base, sudoWorks: true });
    if (plan.action !== 'install') throw new Error(`expected install, got ${plan.action}`);
    expect(plan.commands.map((c) => c.slice(0, 2))).toEqual([
      ['sudo', '-n'],
      ['sudo', '-n'],
    ]);
    expect(plan.commands[1]?.slice(-2)).toEqual(['libsecret-1-dev', 'chromium']);
  });
  it('not root and no sudo: stops with the one command to run', () => {
    const plan = planSystemPackages(base);
    if (plan.action !== 'stop') throw new Error(`expected stop, got ${plan.action}`);
    expect(plan.message).toContain('missing: libsecret-1-dev chromium');
    expect(plan.message).toContain('sudo apt-get update && sudo apt-get install -y libsecret-1-dev chromium');
  });
  it('root wins over sudo (no sudo prefix when it is not needed)', () => {
    const plan = planSystemPackages({ ...base, isRoot: true, sudoWorks: true });
    if (plan.action !== 'install') throw new Error(`expected install, got ${plan.action}`);
    expect(plan.commands.flat()).not.toContain('sudo');
  });
  it('on a Linux without apt: warns with the list and goes on', () => {
    const plan = planSystemPackages({ ...base, hasApt: false, isRoot: true });
    if (plan.action !== 'warn') throw new Error(`expected warn, got ${plan.action}`);
    expect(plan.message).toContain('libsecret-1-dev chromium');
  });
});

describe('npmCiReason', () => {
  it('needs npm ci when node_modules was never installed', () => {
    expect(npmCiReason({ lockMs: 10, installedLockMs: undefined, pinnedNode: false })).toBe('missing');
  });
  it('needs npm ci when the pinned Node is missing', () => {
    expect(npmCiReason({ lockMs: 10, installedLockMs: 20, pinnedNode: false })).toBe('no-node');
  });
  it('needs a look when package-lock.json is newer than the install', () => {
    expect(npmCiReason({ lockMs: 30, installedLockMs: 20, pinnedNode: true })).toBe('lock-newer');
  });
  it('needs nothing when the install is as new as the lockfile or newer', () => {
    expect(npmCiReason({ lockMs: 20, installedLockMs: 20, pinnedNode: true })).toBeUndefined();
    expect(npmCiReason({ lockMs: 10, installedLockMs: 20, pinnedNode: true })).toBeUndefined();
  });
});

describe('lockfilesAgree', () => {
  const lock = {
    packages: {
      '': { version: '0.1.0' },
      'node_modules/zod': { version: '4.6.7' },
      'node_modules/@esbuild/darwin-arm64': { version: '0.25.0', optional: true },
      'node_modules/fsevents': { version: '2.3.3', devOptional: true },
    },
  };
  it('agrees when every installed package has the locked version, and only other platforms’ optional ones are absent', () => {
    expect(lockfilesAgree(lock, { packages: { 'node_modules/zod': { version: '4.6.7' } } })).toBe(true);
  });
  it('disagrees on a changed version, a package the lock dropped, or one it added', () => {
    expect(lockfilesAgree(lock, { packages: { 'node_modules/zod': { version: '4.6.6' } } })).toBe(false);
    expect(lockfilesAgree(lock, { packages: { 'node_modules/zod': { version: '4.6.7' }, 'node_modules/left-pad': { version: '1.0.0' } } })).toBe(false);
    expect(lockfilesAgree(lock, { packages: {} })).toBe(false);
  });
  it('agrees for this repository’s own install (the worktree was installed from its lockfile)', () => {
    const read = (f: string) => JSON.parse(readFileSync(join(ROOT, f), 'utf8')) as Parameters<typeof lockfilesAgree>[0];
    expect(lockfilesAgree(read('package-lock.json'), read('node_modules/.package-lock.json'))).toBe(true);
  });
});

describe('the pinned Node', () => {
  it('is the node devDependency’s binary, node.exe on Windows', () => {
    expect(pinnedNodePath('linux')).toBe('node_modules/node/bin/node');
    expect(pinnedNodePath('win32')).toBe('node_modules/node/bin/node.exe');
  });
  it('cannot be replaced by npm ci while set-up runs on it (Windows locks a running .exe)', () => {
    expect(canReinstallFrom('win32', 'C:\\repo\\node_modules\\node\\bin\\node.exe', 'C:\\repo')).toBe(false);
    expect(canReinstallFrom('win32', 'C:\\Program Files\\nodejs\\node.exe', 'C:\\repo')).toBe(true);
    expect(canReinstallFrom('linux', '/repo/node_modules/node/bin/node', '/repo')).toBe(true);
  });
});

describe('one place for the set-up', () => {
  it('.ci/run names no system package itself: it goes through scripts/setup.mjs', () => {
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8')
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('#'))
      .join('\n');
    for (const name of wanted) expect(ci).not.toMatch(new RegExp(`\\b${name}\\b`));
    expect(ci).not.toContain('apt-get');
    expect(ci).toContain('node scripts/setup.mjs');
    expect(ci).toContain('npm test');
  });
  it('npm start, npm run preview and npm test go through scripts/setup.mjs', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    for (const name of ['start', 'preview', 'test']) expect(scripts[name]).toMatch(/^node scripts\/setup\.mjs /);
  });
  it('set-up imports only node: built-ins and its own files (it runs before node_modules exists)', () => {
    const imports = ['scripts/setup.mjs', 'scripts/lib/setup-plan.mjs', 'scripts/lib/run.mjs', 'scripts/lib/files.mjs'].flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/^import\s[^'"]*['"]([^'"]+)['"]/gm)].map((m) => `${file}: ${m[1]}`),
    );
    expect(imports).toContain('scripts/setup.mjs: ./lib/setup-plan.mjs');
    for (const line of imports) expect(line).toMatch(/: (node:|\.\/)/);
  });
});

// The set-up's decisions, as pure functions (scripts/setup.mjs does what they say; the tests in
// test/scripts check them). Plain ESM with node: built-ins only: it runs on the system Node (20)
// before node_modules exists. Typed by its JSDoc (checked: tsconfig.node.json).
// @ts-check

/**
 * The Debian/Ubuntu packages the project needs, and why: the ONE list (`npm start`, `npm test` and
 * .ci/run all install from it through scripts/setup.mjs). macOS and Windows need none.
 * @type {Readonly<Record<string, string>>}
 */
export const SYSTEM_PACKAGES = Object.freeze({
  'libsecret-1-dev': 'builds the keychain module (keytar)',
  'gnome-keyring': 'a Secret Service for the keychain on headless machines and in the tests',
  dbus: 'the session bus the keychain talks over',
  'dbus-x11': 'dbus-launch, for a session bus outside a desktop',
  chromium: 'the browser shell in app mode, and the end-to-end tests',
  'fonts-dejavu-core': 'fonts for the screens and their screenshots',
  'fonts-liberation': 'fonts for the screens and their screenshots',
  xvfb: 'a virtual display for the Electron launch suite on a machine without one',
});

/**
 * The names installed, from `dpkg-query -W -f '${Package}\t${db:Status-Abbrev}\n' …` output.
 * @param {string} output
 * @returns {Set<string>}
 */
export function installedFromDpkg(output) {
  /** @type {Set<string>} */
  const installed = new Set();
  for (const line of output.split('\n')) {
    const [name, status] = line.split('\t');
    // "ii " = wanted install, currently installed; anything else (rc, un, iU…) is not usable.
    if (name && status?.startsWith('ii')) installed.add(name.trim());
  }
  return installed;
}

/**
 * The packages of `wanted` that are not in `installed`, in the list's order.
 * @param {string[]} wanted
 * @param {ReadonlySet<string>} installed
 */
export function missingPackages(wanted, installed) {
  return wanted.filter((name) => !installed.has(name));
}

/**
 * What to do about the system packages.
 * @param {{ platform: string, hasApt: boolean, missing: string[], isRoot: boolean, sudoWorks: boolean }} state
 * @returns {{ action: 'none' } | { action: 'warn', message: string }
 *   | { action: 'install', commands: string[][] } | { action: 'stop', message: string }}
 */
export function planSystemPackages({ platform, hasApt, missing, isRoot, sudoWorks }) {
  if (platform !== 'linux' || missing.length === 0) return { action: 'none' };
  const list = missing.join(' ');
  if (!hasApt) {
    return {
      action: 'warn',
      message: `setup: not a Debian-like system (no apt-get/dpkg-query): make sure the equivalents of these are installed: ${list}`,
    };
  }
  const apt = ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'];
  const install = ['install', '-y', '-qq', ...missing];
  if (isRoot)
    return {
      action: 'install',
      commands: [
        [...apt, 'update', '-qq'],
        [...apt, ...install],
      ],
    };
  if (sudoWorks)
    return {
      action: 'install',
      commands: [
        ['sudo', '-n', ...apt, 'update', '-qq'],
        ['sudo', '-n', ...apt, ...install],
      ],
    };
  return {
    action: 'stop',
    message:
      `setup: these system packages are missing: ${list}.\n` +
      'setup: installing them needs root, and sudo without a password is not available here. Run this once (as root, or with sudo), then the same npm command again:\n' +
      `  sudo apt-get update && sudo apt-get install -y ${list}`,
  };
}

/**
 * Why `npm ci` must run, or undefined when node_modules is up to date. Times are mtimes in ms;
 * undefined when the file is absent. node_modules/.package-lock.json is npm's record of what it
 * installed, written at every install.
 * @param {{ lockMs?: number, installedLockMs?: number, pinnedNode: boolean }} state
 * @returns {'missing' | 'no-node' | 'lock-newer' | undefined}
 */
export function npmCiReason({ lockMs, installedLockMs, pinnedNode }) {
  if (installedLockMs === undefined) return 'missing';
  if (!pinnedNode) return 'no-node';
  if (lockMs !== undefined && lockMs > installedLockMs) return 'lock-newer';
  return undefined;
}

/** What the dealer reads for each reason. */
export const NPM_CI_REASONS = Object.freeze({
  missing: 'node_modules is missing',
  'no-node': 'the pinned Node (node_modules/node) is missing',
  'lock-newer': 'package-lock.json changed since the last install',
});

/**
 * Whether what npm installed (node_modules/.package-lock.json) is what package-lock.json asks for,
 * compared package by package (path → version): a lockfile that is only newer on disk (a git
 * checkout, a copied worktree) does not need a reinstall. Optional packages for other platforms
 * are in the lockfile but never installed, so only the non-optional ones must be present.
 * @param {{ packages?: Record<string, { version?: string, optional?: boolean, devOptional?: boolean }> }} lock
 * @param {{ packages?: Record<string, { version?: string }> }} installed
 */
export function lockfilesAgree(lock, installed) {
  const wanted = lock.packages ?? {};
  const have = installed.packages ?? {};
  for (const [path, entry] of Object.entries(have)) {
    if (path === '') continue;
    if (!(path in wanted) || wanted[path]?.version !== entry.version) return false;
  }
  for (const [path, entry] of Object.entries(wanted)) {
    if (path === '' || entry.optional || entry.devOptional) continue;
    if (!(path in have)) return false;
  }
  return true;
}

/**
 * The pinned Node's binary, relative to the repository (the `node` devDependency puts it there;
 * node_modules/.bin/node links to it on macOS and Linux).
 * @param {string} platform
 */
export function pinnedNodePath(platform) {
  return platform === 'win32' ? 'node_modules/node/bin/node.exe' : 'node_modules/node/bin/node';
}

/**
 * Whether `npm ci` can replace node_modules from this process: on Windows a running .exe cannot
 * be deleted, so set-up running on the pinned Node itself cannot reinstall it.
 * @param {string} platform
 * @param {string} execPath
 * @param {string} root
 */
export function canReinstallFrom(platform, execPath, root) {
  if (platform !== 'win32') return true;
  return !execPath.toLowerCase().startsWith(`${root}\\node_modules\\`.toLowerCase());
}

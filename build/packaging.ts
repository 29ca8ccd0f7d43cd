// The packaging decisions electron-builder.ts is made of, as plain data and pure functions so a
// test can check them (test/build/packaging.test.ts) without packaging anything.

/** Node-API addons: the same binary loads in Node and in Electron, so nothing is rebuilt. */
export const NATIVE_PACKAGES = ['better-sqlite3', 'keytar'] as const;

/**
 * The dependencies, trimmed. electron-builder applies only the exclusions ("!…") of `files` to
 * node_modules, so the target's prebuild is kept by excluding the others: better-sqlite3 carries
 * every platform's prebuilt addon and SQLite's sources. `${platform}` and `${arch}` are
 * electron-builder's macros (win32, darwin, linux; x64, arm64), which are exactly better-sqlite3's
 * prebuild names.
 */
export const NODE_MODULE_EXCLUSIONS: readonly string[] = [
  '!node_modules/better-sqlite3/{deps,src,binding.gyp}{,/**/*}',
  '!node_modules/better-sqlite3/prebuilds/!(${platform}-${arch}.node)',
  '!node_modules/keytar/{src,binding.gyp}{,/**/*}',
  // Types, sources maps and documents: nothing the app reads at run time.
  '!node_modules/**/*.{ts,mts,cts,map,md}',
];

/**
 * What goes into the app: the build (out/), the command line's launcher and package.json;
 * electron-builder adds the production dependencies itself.
 */
export const FILES: readonly string[] = ['out/**/*', '!out/**/*.map', 'bin/showroom.mjs', 'package.json', ...NODE_MODULE_EXCLUSIONS];

/**
 * Outside the archive: native addons cannot be loaded from inside one, and the command line runs
 * under plain Node, which cannot read an archive — so it, its launcher and the two native packages
 * it imports live in resources/app.asar.unpacked (the app itself still reads them through the
 * archive, which points there). The main process's bundle too: the account session's worker
 * thread (out/main/account-session-worker.js and its chunks) is loaded by Node's module loader,
 * which does not read inside the archive (account-session/host.ts looks for it unpacked).
 */
export const ASAR_UNPACK: readonly string[] = ['**/*.node', 'out/cli/**', 'out/main/**', 'bin/**', ...NATIVE_PACKAGES.map((p) => `node_modules/${p}/**`)];

/**
 * The deb's dependencies: electron-builder's defaults (which an explicit list replaces) plus the
 * Secret Service client library keytar links against, without which the keychain is unavailable.
 */
export const DEB_DEPENDS: readonly string[] = [
  'libgtk-3-0',
  'libnotify4',
  'libnss3',
  'libxss1',
  'libxtst6',
  'xdg-utils',
  'libatspi2.0-0',
  'libuuid1',
  'libsecret-1-0',
];

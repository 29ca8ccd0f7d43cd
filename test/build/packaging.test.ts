// The packaging configuration, checked with electron-builder's own code (its schema validation and
// its file matcher) — everything short of packaging, which needs the Electron binary.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import config from '../../electron-builder';
import { ASAR_UNPACK } from '../../build/packaging';
import { SHIPPED_FUSES } from '../../src/main/shell/fuses';
import { APP_ID, EXECUTABLE_NAME } from '../../src/main/shell/identity';

// electron-builder's internals (app-builder-lib is its implementation, installed with it).
const requireBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder'));
const { validateConfiguration } = requireBuilder('app-builder-lib/out/util/config/config') as {
  validateConfiguration: (c: unknown, l: unknown) => Promise<void>;
};
const { DebugLogger } = requireBuilder('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
interface Matcher {
  createFilter(): (file: string, stat: { isDirectory(): boolean; moduleFullFilePath?: string }) => boolean;
}
const matchers = requireBuilder('app-builder-lib/out/fileMatcher') as {
  getMainFileMatchers(
    appDir: string,
    to: string,
    expand: (s: string) => string,
    options: object,
    packager: object,
    outDir: string,
    compile: boolean,
  ): Matcher[];
  getNodeModuleFileMatcher(appDir: string, to: string, expand: (s: string) => string, options: object, info: object): Matcher;
};

describe('electron-builder configuration', () => {
  it('passes electron-builder’s own validation', async () => {
    await expect(validateConfiguration(structuredClone(config), new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('a broken configuration would fail it (the check can fail)', async () => {
    await expect(validateConfiguration({ ...structuredClone(config), notAnOption: true }, new DebugLogger(false))).rejects.toThrow(/notAnOption/);
  });

  it('builds AppImage and deb, NSIS, DMG; the deb depends on libsecret and installs the command line and the AppArmor profile', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toBe('nsis');
    expect(config.mac?.target).toBe('dmg');
    expect(config.deb?.depends).toContain('libsecret-1-0');
    expect(readFileSync(String(config.deb?.afterInstall), 'utf8')).toContain("/usr/bin/${executable}'");
    expect(readFileSync(String(config.deb?.appArmorProfile), 'utf8')).toMatch(/userns,/);
    expect(config.appId).toBe(APP_ID);
    expect(config.executableName).toBe(EXECUTABLE_NAME);
    // Wayland's app id is the desktop entry's name, which Electron reads from package.json.
    expect((JSON.parse(readFileSync('package.json', 'utf8')) as { desktopName: unknown }).desktopName).toBe(`${EXECUTABLE_NAME}.desktop`);
  });

  it('flips the fuses that let another process run Node as the app, and checks the archive', () => {
    expect(config.electronFuses).toEqual(SHIPPED_FUSES);
    expect(SHIPPED_FUSES).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it('updates stay off unless a feed was given when packaging', () => {
    expect(process.env.SHOWROOM_UPDATE_FEED ? config.publish : null).toBe(config.publish ?? null);
  });
});

describe('what the package holds (electron-builder’s own matchers over our patterns)', () => {
  const APP = '/project';
  const expandFor = (platform: string, arch: string) => (s: string) => s.replaceAll('${platform}', platform).replaceAll('${arch}', arch);
  const info = { projectDir: APP, buildResourcesDir: 'build', isPrepackedAppAsar: false, config, debugLogger: new DebugLogger(false) };
  const file = (moduleFullFilePath?: string) => ({ isDirectory: () => false, ...(moduleFullFilePath && { moduleFullFilePath }) });

  /** The app's own files, as electron-builder's main matcher sees them. */
  const appFile = (platform: string, arch: string) => {
    const filter = matchers.getMainFileMatchers(APP, '/stage', expandFor(platform, arch), {}, { info }, `${APP}/dist`, false)[0]!.createFilter();
    return (path: string) => filter(`${APP}/${path}`, file());
  };
  /** A dependency's file, as electron-builder's node_modules matcher sees it (by its path in the app). */
  const moduleFile = (platform: string, arch: string) => {
    const filter = matchers.getNodeModuleFileMatcher(APP, '/stage', expandFor(platform, arch), {}, info).createFilter();
    return (path: string) => filter(`${APP}/${path}`, file(path));
  };

  it('only the target platform’s better-sqlite3 prebuild, no SQLite sources', () => {
    const linux = moduleFile('linux', 'x64');
    expect(linux('node_modules/better-sqlite3/prebuilds/linux-x64.node')).toBe(true);
    expect(linux('node_modules/better-sqlite3/prebuilds/linuxmusl-x64.node')).toBe(false);
    expect(linux('node_modules/better-sqlite3/prebuilds/darwin-arm64.node')).toBe(false);
    expect(linux('node_modules/better-sqlite3/prebuilds/win32-x64.node')).toBe(false);
    expect(linux('node_modules/better-sqlite3/deps/sqlite3/sqlite3.c')).toBe(false);
    expect(linux('node_modules/better-sqlite3/lib/database.js')).toBe(true);
    expect(linux('node_modules/keytar/build/Release/keytar.node')).toBe(true);
    expect(linux('node_modules/zod/index.js')).toBe(true);
    expect(linux('node_modules/zod/README.md')).toBe(false);
    const mac = moduleFile('darwin', 'arm64');
    expect(mac('node_modules/better-sqlite3/prebuilds/darwin-arm64.node')).toBe(true);
    expect(mac('node_modules/better-sqlite3/prebuilds/linux-x64.node')).toBe(false);
    expect(moduleFile('win32', 'x64')('node_modules/better-sqlite3/prebuilds/win32-x64.node')).toBe(true);
  });

  it('the build and the command line’s launcher, not the sources, tests, maps or packaging files', () => {
    const has = appFile('linux', 'x64');
    for (const path of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'out/cli/index.mjs', 'bin/showroom.mjs', 'package.json'])
      expect(has(path), path).toBe(true);
    for (const path of [
      'src/main/index.ts',
      'test/shell/quit.test.ts',
      'out/main/index.js.map',
      'electron-builder.ts',
      'build/icons/icon.png',
      'dist/x.deb',
      'scripts/build-cli.mjs',
    ])
      expect(has(path), path).toBe(false);
  });

  it('unpacks the native addons, everything the command line needs and the session worker outside the archive', () => {
    expect(ASAR_UNPACK).toEqual(
      expect.arrayContaining(['**/*.node', 'out/cli/**', 'out/main/**', 'bin/**', 'node_modules/better-sqlite3/**', 'node_modules/keytar/**']),
    );
  });
});

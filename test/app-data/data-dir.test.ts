import { describe, expect, it } from 'vitest';
import { installedBuild, resolveDataDir, resolveProfile } from '../../src/main/app-data/data-dir';

describe('resolveProfile: the command line shares the desktop app’s profile rule', () => {
  const base = { env: {}, platform: 'linux', home: '/home/ana', cwd: '/srv/checkout' } as const;

  it('installed: the dealer’s profile; from the sources: the development one', () => {
    expect(resolveProfile({ ...base, packaged: true })).toMatchObject({
      dataDir: '/home/ana/.config/Showroom',
      cacheDir: '/home/ana/.cache/Showroom',
      keychainService: 'Showroom',
    });
    expect(resolveProfile({ ...base, packaged: false })).toMatchObject({
      dataDir: '/home/ana/.config/Showroom (development)',
      keychainService: 'Showroom (development)',
    });
  });

  it('--data-dir and the environment override the folder, relative to the working folder', () => {
    expect(resolveProfile({ ...base, packaged: true, option: 'rel' })).toMatchObject({ dataDir: '/srv/checkout/rel', cacheDir: '/srv/checkout/rel' });
    expect(resolveProfile({ ...base, packaged: true, env: { SHOWROOM_DATA_DIR: '/srv/s' } }).dataDir).toBe('/srv/s');
  });
});

describe('resolveDataDir (the data folder alone)', () => {
  it('is the profile’s data folder, the development one unless told the build is installed', () => {
    expect(resolveDataDir(undefined, {}, 'linux', '/home/ana', '/srv/checkout')).toBe('/home/ana/.config/Showroom (development)');
    expect(resolveDataDir(undefined, {}, 'linux', '/home/ana', '/srv/checkout', true)).toBe('/home/ana/.config/Showroom');
    expect(resolveDataDir('d', {}, 'linux', '/home/ana', '/srv/checkout')).toBe('/srv/checkout/d');
  });
});

describe('installedBuild', () => {
  it('is true only for the command line unpacked next to an installed app’s archive', () => {
    expect(installedBuild('/opt/Showroom/resources/app.asar.unpacked/out/cli/index.mjs')).toBe(true);
    expect(installedBuild('C:\\Program Files\\Showroom\\resources\\app.asar.unpacked\\out\\cli\\index.mjs')).toBe(true);
    expect(installedBuild('/Applications/Showroom.app/Contents/Resources/app.asar.unpacked/out/cli/index.mjs')).toBe(true);
    expect(installedBuild('/home/dev/showroom/out/cli/index.mjs')).toBe(false);
    expect(installedBuild('/home/dev/showroom/src/main/cli/index.ts')).toBe(false);
  });
});

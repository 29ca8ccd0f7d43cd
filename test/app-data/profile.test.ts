import { describe, expect, it } from 'vitest';
import { appDataDir, chosenDataDir, osCacheDir, profileFor, profileName } from '../../src/main/app-data/profile';

describe('profileFor: one dealer profile for the installed app, another for runs from the sources', () => {
  it('an installed build uses "Showroom"; a run from the sources "Showroom (development)", for data, cache and keychain alike', () => {
    const installed = profileFor({ platform: 'linux', env: {}, home: '/home/ana', packaged: true });
    expect(installed).toEqual({
      dataDir: '/home/ana/.config/Showroom',
      cacheDir: '/home/ana/.cache/Showroom',
      keychainService: 'Showroom',
      development: false,
    });
    const dev = profileFor({ platform: 'linux', env: {}, home: '/home/ana', packaged: false });
    expect(dev).toEqual({
      dataDir: '/home/ana/.config/Showroom (development)',
      cacheDir: '/home/ana/.cache/Showroom (development)',
      keychainService: 'Showroom (development)',
      development: true,
    });
    expect(profileName(true)).not.toBe(profileName(false));
  });

  it('takes Electron’s appData when it is given', () => {
    expect(profileFor({ platform: 'linux', env: {}, home: '/home/ana', packaged: true, appData: '/elsewhere' }).dataDir).toBe('/elsewhere/Showroom');
  });

  it('a chosen folder holds the whole profile, photo cache included; the keychain service still follows the build', () => {
    expect(profileFor({ platform: 'linux', env: {}, home: '/home/ana', packaged: false, override: '/tmp/p' })).toEqual({
      dataDir: '/tmp/p',
      cacheDir: '/tmp/p',
      keychainService: 'Showroom (development)',
      development: true,
    });
  });

  it('Windows: data in the roaming %APPDATA%, photos in the local %LOCALAPPDATA% (never roamed)', () => {
    const env = { APPDATA: 'C:\\Users\\Ana\\AppData\\Roaming', LOCALAPPDATA: 'D:\\Local' };
    expect(profileFor({ platform: 'win32', env, home: 'C:\\Users\\Ana', packaged: true })).toMatchObject({
      dataDir: 'C:\\Users\\Ana\\AppData\\Roaming\\Showroom',
      cacheDir: 'D:\\Local\\Showroom',
    });
    expect(profileFor({ platform: 'win32', env: {}, home: 'C:\\Users\\Ana', packaged: true })).toMatchObject({
      dataDir: 'C:\\Users\\Ana\\AppData\\Roaming\\Showroom',
      cacheDir: 'C:\\Users\\Ana\\AppData\\Local\\Showroom',
    });
  });

  it('macOS: Application Support for data, Library/Caches for photos', () => {
    expect(profileFor({ platform: 'darwin', env: { XDG_CACHE_HOME: '/x' }, home: '/Users/ana', packaged: true })).toMatchObject({
      dataDir: '/Users/ana/Library/Application Support/Showroom',
      cacheDir: '/Users/ana/Library/Caches/Showroom',
    });
  });
});

describe('appDataDir and osCacheDir', () => {
  it('follow XDG on Linux and the other Unixes; a relative XDG variable is invalid per the spec and ignored', () => {
    expect(appDataDir('linux', { XDG_CONFIG_HOME: '/data/cfg' }, '/home/ana')).toBe('/data/cfg');
    expect(appDataDir('linux', { XDG_CONFIG_HOME: 'cfg' }, '/home/ana')).toBe('/home/ana/.config');
    expect(osCacheDir('linux', { XDG_CACHE_HOME: '/data/cache' }, '/home/ana')).toBe('/data/cache');
    expect(osCacheDir('linux', { XDG_CACHE_HOME: 'cache' }, '/home/ana')).toBe('/home/ana/.cache');
    expect(osCacheDir('freebsd', {}, '/home/ana')).toBe('/home/ana/.cache');
  });

  it('on Windows ignore a relative %LOCALAPPDATA%', () => {
    expect(osCacheDir('win32', { LOCALAPPDATA: 'Local' }, 'C:\\Users\\Ana')).toBe('C:\\Users\\Ana\\AppData\\Local');
  });
});

describe('chosenDataDir', () => {
  it('--data-dir, then SHOWROOM_DATA_DIR, then SHOWROOM_USER_DATA_DIR; relative to the working folder; empty means unset', () => {
    const env = { SHOWROOM_DATA_DIR: '/srv/showroom', SHOWROOM_USER_DATA_DIR: '/srv/app' };
    expect(chosenDataDir('/tmp/d', env, '/work')).toBe('/tmp/d');
    expect(chosenDataDir('rel/d', env, '/srv/showroom')).toBe('/srv/showroom/rel/d');
    expect(chosenDataDir(undefined, env, '/work')).toBe('/srv/showroom');
    expect(chosenDataDir(undefined, { SHOWROOM_USER_DATA_DIR: '/srv/app' }, '/work')).toBe('/srv/app');
    expect(chosenDataDir(undefined, { SHOWROOM_DATA_DIR: '' }, '/work')).toBeUndefined();
  });

  it('without a working folder (the desktop app) a relative folder is ignored rather than guessed', () => {
    expect(chosenDataDir(undefined, { SHOWROOM_USER_DATA_DIR: 'relative/dir' })).toBeUndefined();
    expect(chosenDataDir(undefined, { SHOWROOM_USER_DATA_DIR: '/abs' })).toBe('/abs');
  });
});

import { describe, expect, it } from 'vitest';
import { defaultDataDir, resolveDataDir } from '../../src/main/cli/data-dir';

describe('defaultDataDir: the folder the desktop app uses', () => {
  it('Linux: $XDG_CONFIG_HOME/Showroom, else ~/.config/Showroom', () => {
    expect(defaultDataDir('linux', {}, '/home/ana')).toBe('/home/ana/.config/Showroom');
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/data/cfg' }, '/home/ana')).toBe('/data/cfg/Showroom');
    // A relative XDG_CONFIG_HOME is invalid per the spec: ignored.
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: 'cfg' }, '/home/ana')).toBe('/home/ana/.config/Showroom');
    expect(defaultDataDir('freebsd', {}, '/home/ana')).toBe('/home/ana/.config/Showroom');
  });

  it('macOS: ~/Library/Application Support/Showroom', () => {
    expect(defaultDataDir('darwin', { XDG_CONFIG_HOME: '/x' }, '/Users/ana')).toBe('/Users/ana/Library/Application Support/Showroom');
  });

  it('Windows: %APPDATA%\\Showroom, else the roaming folder under the profile', () => {
    expect(defaultDataDir('win32', { APPDATA: 'C:\\Users\\Ana\\AppData\\Roaming' }, 'C:\\Users\\Ana')).toBe('C:\\Users\\Ana\\AppData\\Roaming\\Showroom');
    expect(defaultDataDir('win32', {}, 'C:\\Users\\Ana')).toBe('C:\\Users\\Ana\\AppData\\Roaming\\Showroom');
  });
});

describe('resolveDataDir', () => {
  it('--data-dir, then SHOWROOM_DATA_DIR, then SHOWROOM_USER_DATA_DIR, then the default; relative to the cwd', () => {
    const env = { SHOWROOM_DATA_DIR: '/srv/showroom', SHOWROOM_USER_DATA_DIR: '/srv/app' };
    expect(resolveDataDir('/tmp/d', env, 'linux', '/home/ana', '/work')).toBe('/tmp/d');
    expect(resolveDataDir('rel/d', env, 'linux', '/home/ana', '/srv/showroom')).toBe('/srv/showroom/rel/d');
    expect(resolveDataDir(undefined, env, 'linux', '/home/ana', '/work')).toBe('/srv/showroom');
    expect(resolveDataDir(undefined, { SHOWROOM_USER_DATA_DIR: '/srv/app' }, 'linux', '/home/ana', '/work')).toBe('/srv/app');
    expect(resolveDataDir(undefined, { SHOWROOM_DATA_DIR: '' }, 'linux', '/home/ana', '/work')).toBe('/home/ana/.config/Showroom');
  });
});

// The profile: where one Showroom keeps its data, its photo cache, and which keychain service holds
// its tokens. Pure, and free of Electron: the Electron app, the command line and the browser shell
// all decide with `profileFor`, so the three always agree on one dealer's data.
//
// An installed build uses "Showroom"; a run from the source checkout (not packaged) uses
// "Showroom (development)" everywhere (data folder, cache folder, keychain service), so that a
// development build never migrates, syncs over or deletes the dealer's real data.
import { isAbsolute, posix, resolve, win32 } from 'node:path';
import type { Env } from '../base/env';

export const APP_FOLDER_NAME = 'Showroom';
export const DEV_FOLDER_NAME = 'Showroom (development)';

/** A NodeJS.Platform, or any other name a process may report. */
export type Platform = string;

/** "Showroom" for an installed build, "Showroom (development)" for a run from the sources. */
export function profileName(packaged: boolean): string {
  return packaged ? APP_FOLDER_NAME : DEV_FOLDER_NAME;
}

function absoluteOr(path: string | undefined, isAbs: (p: string) => boolean, fallback: string): string {
  return path && isAbs(path) ? path : fallback;
}

/** Electron's app.getPath('appData') on `platform`, computed the way Electron does (for Node processes). */
export function appDataDir(platform: Platform, env: Env, home: string): string {
  if (platform === 'win32') return absoluteOr(env.APPDATA, (p) => win32.isAbsolute(p), win32.join(home, 'AppData', 'Roaming'));
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support');
  // Linux and the other Unixes: XDG. A relative XDG_CONFIG_HOME is invalid per the spec: ignored.
  return absoluteOr(env.XDG_CONFIG_HOME, (p) => posix.isAbsolute(p), posix.join(home, '.config'));
}

/**
 * The OS folder for caches that may be deleted and are not backed up or roamed: %LOCALAPPDATA%
 * (not the roaming %APPDATA%), ~/Library/Caches (excluded from Time Machine by convention),
 * $XDG_CACHE_HOME or ~/.cache.
 */
export function osCacheDir(platform: Platform, env: Env, home: string): string {
  if (platform === 'win32') return absoluteOr(env.LOCALAPPDATA, (p) => win32.isAbsolute(p), win32.join(home, 'AppData', 'Local'));
  if (platform === 'darwin') return posix.join(home, 'Library', 'Caches');
  return absoluteOr(env.XDG_CACHE_HOME, (p) => posix.isAbsolute(p), posix.join(home, '.cache'));
}

function joinFor(platform: Platform, ...parts: string[]): string {
  return platform === 'win32' ? win32.join(...parts) : posix.join(...parts);
}

export interface ProfileInput {
  platform: Platform;
  env: Env;
  home: string;
  /** An installed build (Electron's app.isPackaged; the compiled command line inside an installed app). */
  packaged: boolean;
  /** Electron's app.getPath('appData') when Electron is there to say it; computed otherwise. */
  appData?: string | undefined;
  /**
   * A data folder chosen by the user (--data-dir, SHOWROOM_DATA_DIR, SHOWROOM_USER_DATA_DIR), already
   * absolute (see `chosenDataDir`). Its photo cache stays inside it: a profile somebody placed on
   * purpose (tests, a second dealer on one machine) is one self-contained folder.
   */
  override?: string | undefined;
}

export interface Profile {
  /** Databases, account list, settings, logs. */
  dataDir: string;
  /** The root of the photo cache: `<cacheDir>/accounts/<id>/photos` (see backend/session.ts accountPaths). */
  cacheDir: string;
  /** The keychain service that holds this profile's integration tokens. */
  keychainService: string;
  /** A run from the sources: the development profile. */
  development: boolean;
}

export function profileFor(input: ProfileInput): Profile {
  const name = profileName(input.packaged);
  const common = { keychainService: name, development: !input.packaged };
  if (input.override) return { dataDir: input.override, cacheDir: input.override, ...common };
  const appData = input.appData ?? appDataDir(input.platform, input.env, input.home);
  return {
    dataDir: joinFor(input.platform, appData, name),
    cacheDir: joinFor(input.platform, osCacheDir(input.platform, input.env, input.home), name),
    ...common,
  };
}

/**
 * The data folder the user chose, if any: `option` (--data-dir), else SHOWROOM_DATA_DIR, else the
 * app's SHOWROOM_USER_DATA_DIR; a relative one is taken from `cwd` (undefined `cwd`: a relative one
 * is ignored, as the desktop app does, whose working folder means nothing to the dealer).
 */
export function chosenDataDir(option: string | undefined, env: Env, cwd?: string): string | undefined {
  for (const chosen of [option, env.SHOWROOM_DATA_DIR, env.SHOWROOM_USER_DATA_DIR]) {
    if (chosen === undefined || chosen === '') continue;
    if (isAbsolute(chosen)) return chosen;
    return cwd === undefined ? undefined : resolve(cwd, chosen);
  }
  return undefined;
}

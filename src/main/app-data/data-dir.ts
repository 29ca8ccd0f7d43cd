// Where the command line finds the app's data: the same profile the desktop app uses (see
// shell/profile.ts: "Showroom" when installed, "Showroom (development)" from the sources), unless
// --data-dir, SHOWROOM_DATA_DIR or SHOWROOM_USER_DATA_DIR says otherwise. The browser shell
// decides with `resolveProfile` too.
import type { Env } from '../base/env';
import { chosenDataDir, profileFor, type Platform, type Profile } from './profile';

export type { Profile };

export interface ResolveProfileInput {
  /** --data-dir, if given. */
  option?: string | undefined;
  env: Env;
  platform: Platform;
  home: string;
  /** Relative folders are taken from here. */
  cwd: string;
  /** An installed build (see `installedBuild`); false for a run from the source checkout. */
  packaged: boolean;
}

/** The profile of a Node process (the command line, the browser shell). Pure. */
export function resolveProfile({ option, env, platform, home, cwd, packaged }: ResolveProfileInput): Profile {
  return profileFor({ platform, env, home, packaged, override: chosenDataDir(option, env, cwd) });
}

/**
 * The data folder alone, in the argument order of the earlier API (the browser shell calls it):
 * `packaged` defaults to false, a run from the sources. Prefer `resolveProfile`, which also gives
 * the photo cache folder and the keychain service.
 */
export function resolveDataDir(option: string | undefined, env: Env, platform: Platform, home: string, cwd: string, packaged = false): string {
  return resolveProfile({ option, env, platform, home, cwd, packaged }).dataDir;
}

/**
 * Whether the compiled command line runs from an installed app: electron-builder unpacks it next
 * to the archive (resources/app.asar.unpacked/out/cli, see electron-builder.yml). Anything else (the
 * TypeScript sources through tsx, or `npm run build`'s out/cli in the checkout) is a development
 * run, so it uses the development profile as `npm start` does. Pure: pass the module's own path.
 */
export function installedBuild(modulePath: string): boolean {
  return /[\\/]app\.asar\.unpacked[\\/]/.test(modulePath);
}

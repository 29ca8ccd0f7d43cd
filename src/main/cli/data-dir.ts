// Where the command line finds the app's data: the folder the desktop app uses (Electron's
// appData + "Showroom", see shell/paths.ts), unless --data-dir or SHOWROOM_DATA_DIR says otherwise.
import { isAbsolute, posix, resolve, win32 } from 'node:path';
import { APP_FOLDER_NAME } from '../shell/paths';

export type Env = Readonly<Record<string, string | undefined>>;

/** The app's default data folder on `platform`, as Electron's app.getPath('appData') + "Showroom". Pure. */
export function defaultDataDir(platform: NodeJS.Platform | string, env: Env, home: string): string {
  if (platform === 'win32') {
    const appData = env.APPDATA && win32.isAbsolute(env.APPDATA) ? env.APPDATA : win32.join(home, 'AppData', 'Roaming');
    return win32.join(appData, APP_FOLDER_NAME);
  }
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', APP_FOLDER_NAME);
  // Linux and the other Unixes: XDG, as Electron does.
  const config = env.XDG_CONFIG_HOME && posix.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : posix.join(home, '.config');
  return posix.join(config, APP_FOLDER_NAME);
}

/** --data-dir, else SHOWROOM_DATA_DIR (or the app's SHOWROOM_USER_DATA_DIR), else the app's folder. Relative paths are taken from `cwd`. */
export function resolveDataDir(option: string | undefined, env: Env, platform: NodeJS.Platform | string, home: string, cwd: string): string {
  const chosen = option ?? env.SHOWROOM_DATA_DIR ?? env.SHOWROOM_USER_DATA_DIR;
  if (chosen !== undefined && chosen !== '') return isAbsolute(chosen) ? chosen : resolve(cwd, chosen);
  return defaultDataDir(platform, env, home);
}

// Where the app keeps things, and which document the window shows. Pure: index.ts passes in
// what Electron knows (appData, packaged or not, the dev server URL, the environment).
import { isAbsolute, join } from 'node:path';
import { APP_URL } from './app-protocol';

export const APP_FOLDER_NAME = 'Showroom';

export interface UserDataInput {
  /** app.getPath('appData'): ~/.config, ~/Library/Application Support, %APPDATA%. */
  appData: string;
  /** SHOWROOM_USER_DATA_DIR: a separate profile (tests, a second dealer on one machine). */
  override?: string | undefined;
}

/** <appData>/Showroom, or an absolute override. A relative override is ignored (it would depend on the cwd). */
export function userDataDir({ appData, override }: UserDataInput): string {
  if (override && isAbsolute(override)) return override;
  return join(appData, APP_FOLDER_NAME);
}

export interface AppPaths {
  userData: string;
  logs: string;
  windowState: string;
}

export function appPaths(userData: string): AppPaths {
  return { userData, logs: join(userData, 'logs'), windowState: join(userData, 'window-state.json') };
}

/**
 * The renderer's URL: electron-vite's dev server in development (never in a packaged app, so an
 * environment variable cannot point a shipped app at another page), our protocol otherwise.
 */
export function rendererUrl({ packaged, devServerUrl }: { packaged: boolean; devServerUrl?: string | undefined }): { url: string; dev: boolean } {
  if (!packaged && devServerUrl) {
    try {
      const url = new URL(devServerUrl);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return { url: url.href, dev: true };
    } catch {
      // Fall through to the built renderer.
    }
  }
  return { url: APP_URL, dev: false };
}

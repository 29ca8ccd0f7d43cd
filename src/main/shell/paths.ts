// Where the app keeps things inside its profile (the profile itself: profile.ts), and which document
// the window shows. Pure: index.ts passes in what Electron knows (packaged or not, the dev server URL).
import { join } from 'node:path';
import { APP_URL } from './app-protocol';

export interface AppPaths {
  userData: string;
  logs: string;
  windowState: string;
  /** The browser shell's exports waiting for their one download (emptied at start). */
  downloads: string;
}

export function appPaths(userData: string): AppPaths {
  return { userData, logs: join(userData, 'logs'), windowState: join(userData, 'window-state.json'), downloads: join(userData, 'downloads') };
}

/**
 * The renderer's URL: electron-vite's dev server in development (never in a packaged app, so an
 * environment variable cannot point a shipped app at another page), our protocol otherwise.
 */
export function rendererUrl({ packaged, devServerUrl }: { packaged: boolean; devServerUrl?: string | undefined }): { url: string; dev: boolean } {
  if (!packaged && devServerUrl) {
    try {
      const url = new URL(devServerUrl);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
        return { url: url.href, dev: true };
    } catch {
      // Fall through to the built renderer.
    }
  }
  return { url: APP_URL, dev: false };
}

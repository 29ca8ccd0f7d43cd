// What the shell needs from the backend, and what it gives it. The backend itself
// (src/main/backend, `createBackend(deps)`) is written elsewhere; the Electron app
// (src/main/index.ts) and the e2e harness (test/e2e) both build it from these deps, so the
// only difference between them is the transport.
import type { EventHub } from './events';
import type { Handlers } from './gate';
import type { ExportDestination } from '../export/destination';
import type { Keychain } from '../secrets';
import type { Sandbox } from '../../sandbox';
import type { Logger } from '../base/logger';
import type { PhotoResolver } from '../shell/photo-protocol';

/** The in-app sandbox portal of demo mode (src/sandbox): its base URL, a token it accepts, and close(). */
export type DemoSandbox = Pick<Sandbox, 'baseUrl' | 'integrationToken' | 'close'>;

export interface BackendDeps {
  /** The user-data folder (databases, account list, settings). */
  dataDir: string;
  /** The photo cache's root, in the OS cache folder (shell/profile.ts); default `dataDir`. */
  cacheDir?: string;
  /**
   * The host's fetch (Electron's net.fetch in the app: the OS proxy and certificates). The account
   * session's HTTP crosses to it from its worker. Absent: the session uses Node's fetch through `env`'s proxy.
   */
  fetch?: typeof globalThis.fetch;
  /** The environment whose proxy settings (HTTPS_PROXY, NO_PROXY) Node's fetch follows; default none. */
  env?: Record<string, string | undefined>;
  /** Where the account session runs: 'worker' (default, off this thread) or 'here' (tests of the handlers alone). */
  sessionHost?: 'worker' | 'here';
  keychain: Keychain;
  /** Opens an http(s) page in the system browser; refuses anything else (see shell/urls.ts). */
  openExternal(url: string): Promise<void>;
  /** Where an export goes: a save dialog in Electron, a one-time download in the browser shell (export/destination.ts). */
  exportDestination: ExportDestination;
  emit: EventHub['emit'];
  logger: Logger;
  /** Starts the in-app sandbox portal for demo mode. */
  startDemoSandbox(): Promise<DemoSandbox>;
  /** The app's version for app.info (Electron's app.getVersion()). */
  version?: string;
}

export interface Backend {
  handlers: Handlers;
  /** The photo cache of the active account, for the `showroom-photo:` protocol. */
  photos: { root: string; resolve: PhotoResolver } | (() => { root: string; resolve: PhotoResolver } | undefined);
  close(): Promise<void>;
}

export type CreateBackend = (deps: BackendDeps) => Backend | Promise<Backend>;

/** The photo source of a backend right now (the active account can change). */
export function currentPhotos(backend: Backend): { root: string; resolve: PhotoResolver } | undefined {
  return typeof backend.photos === 'function' ? backend.photos() : backend.photos;
}

/** Demo mode's portal as both shells start it: the sandbox with seeded stock on a loopback port. */
export async function startDemoSandbox(): Promise<DemoSandbox> {
  return (await import('../../sandbox')).startSandbox({ vehicles: 120, photos: 'studio' });
}

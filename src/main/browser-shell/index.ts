// The browser shell: the same app as Electron, for machines where the Electron binary is absent or
// cannot start, and for anyone who asks (`npm start -- --browser`). The backend is built from the
// same deps as in Electron (keychain, data folder, logger, demo sandbox, openExternal); only the
// window and the transport differ (./server.ts). Nothing here imports electron.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { codedError, textsIn } from '../../shared/i18n/messages';
import { createBackend } from '../backend';
import { savedLanguage } from '../app-data/language';
import { currentPhotos, startDemoSandbox, type Backend } from '../ipc/backend';
import { createEventHub } from '../ipc/events';
import { createKeytarKeychain } from '../secrets';
import { createFileLogger, type Logger } from '../base/logger';
import { appPaths } from '../shell/paths';
import type { Profile } from '../app-data/profile';
import { guardedOpenExternal } from '../shell/urls';
import { createDownloads, downloadDestination } from './downloads';
import { createIdleWatch } from './idle';
import { claimInstance, requestLoginUrl, runningInstance, type InstanceRecord } from './instance';
import { browserCandidates, describeWindow, launchPlan, systemOpenCommand, type LaunchPlan } from './launch';
import type { Env } from '../base/env';
import { loginPagePath, removeLoginPage, writeLoginPage } from './login-page';
import { startShellServer, type ShellServer } from './server';
import { ensurePrivateDir } from '../base/private-files';

export interface BrowserShellOptions {
  /** Data folder, photo cache folder and keychain service (the CLI's and Electron's rule, app-data/profile.ts). */
  profile: Pick<Profile, 'dataDir' | 'cacheDir' | 'keychainService'>;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** 0 or absent: the OS chooses. */
  port?: number;
  /** false: print the address only (--no-open). */
  open: boolean;
  version?: string;
  platform?: string;
  env?: Env;
  /** Where the shell tells the dealer what it does (the terminal). */
  say?: (line: string) => void;
}

export interface RunningShell {
  /** A fresh address that logs a browser in, once, within a short time. */
  loginUrl(): string;
  server: ShellServer;
  backend: Backend;
  /** Stops everything (sync cancelled, database closed, demo sandbox stopped) within `limitMs`. Resolves false when the limit was hit. `reason` is said as given ("Ctrl+C"). */
  stop(reason: string, limitMs?: number): Promise<boolean>;
  /** Settles once stop() has run, whoever called it (Ctrl+C, or the app window closed). */
  stopped: Promise<boolean>;
}

export type StartResult = { kind: 'started'; shell: RunningShell } | { kind: 'already_running' };

/** The app window stays open this long after its last socket closed before Showroom stops (a reload reconnects sooner). */
const WINDOW_GRACE_MS = 3000;
export const STOP_LIMIT_MS = 8000;

function onPath(name: string, env: Env): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

function findBrowser(platform: string, env: Env): string | undefined {
  for (const candidate of browserCandidates(platform, env)) {
    const found = candidate.includes('/') || candidate.includes('\\') ? (existsSync(candidate) ? candidate : undefined) : onPath(candidate, env);
    if (found) return found;
  }
  return undefined;
}

function run(command: string, args: string[], log: Logger, detached: boolean): ChildProcess | undefined {
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached });
    child.once('error', (error) => log.warn('browser shell: could not start a program', { command, error }));
    if (detached) child.unref();
    return child;
  } catch (error) {
    log.warn('browser shell: could not start a program', { command, error });
    return undefined;
  }
}

export async function startBrowserShell(options: BrowserShellOptions): Promise<StartResult> {
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  const say = options.say ?? ((line: string) => console.log(line));
  const { dataDir, cacheDir, keychainService } = options.profile;
  // The terminal's language: the app's setting, else the system's (as the CLI's, cli/language.ts).
  const t = textsIn(await savedLanguage(env, dataDir));
  const index = join(options.rendererDir, 'index.html');
  if (!existsSync(index)) throw codedError('internal', { code: 'shell.notBuilt', params: { file: index } });
  await ensurePrivateDir(dataDir);
  const paths = appPaths(dataDir);
  const logger = createFileLogger({ dir: paths.logs });
  // The app window's browser profile (its cookies, storage and cache): the browser keeps it 0700 as well.
  const profileDir = join(dataDir, 'browser-window');
  await ensurePrivateDir(profileDir);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

  const page = loginPagePath(dataDir);

  /** Opens (or prints) the login address `url`: a window opens the private page holding it, never the address itself. */
  const launch = async (url: string, open: boolean): Promise<{ plan: LaunchPlan; child: ChildProcess | undefined }> => {
    logger.addSecret(new URL(url).searchParams.get('key') ?? url);
    const plan = launchPlan({ platform, env, noOpen: !open, browser: findBrowser(platform, env), isRoot, page, profileDir });
    if (plan.kind === 'print') return { plan, child: undefined };
    await writeLoginPage(page, url);
    return { plan, child: run(plan.command, plan.args, logger, plan.kind === 'default') };
  };

  /** Another shell serves this folder: a fresh login address from it, opened as our own would be. */
  const openRunning = async (running: InstanceRecord, heading: string): Promise<StartResult> => {
    say(heading);
    const url = await requestLoginUrl(running);
    if (!url) {
      say(t('shell.noLoginFromRunning', { pid: running.pid }));
      return { kind: 'already_running' };
    }
    const { plan } = await launch(url, options.open);
    describeWindow(plan, url, t).forEach(say);
    return { kind: 'already_running' };
  };

  const already = await runningInstance(dataDir);
  if (already) return openRunning(already, t('shell.alreadyRunningPid', { pid: already.pid }));

  logger.info('browser shell: starting', { version: options.version, node: process.versions.node, dataDir, cacheDir });
  const hub = createEventHub({ onSinkError: (error, event) => logger.warn('event not delivered', { event, error }) });
  // Exports wait here for their one download (what an earlier run left is removed now).
  const downloads = await createDownloads({ dir: paths.downloads, onError: (error) => logger.warn('browser shell: a download was not removed', { error }) });
  const backend = await createBackend({
    dataDir,
    cacheDir,
    keychain: createKeytarKeychain(keychainService),
    // Node's fetch (here and in the account's worker), through HTTPS_PROXY / NO_PROXY when the environment names them.
    env,
    openExternal: guardedOpenExternal(async (url) => {
      const { command, args } = systemOpenCommand(platform, url);
      run(command, args, logger, true);
    }),
    exportDestination: downloadDestination(downloads),
    emit: hub.emit,
    logger: logger.child('backend'),
    startDemoSandbox,
    version: options.version,
  });
  let server: ShellServer;
  try {
    server = await startShellServer({
      handlers: backend.handlers,
      hub,
      photos: () => currentPhotos(backend),
      rendererDir: options.rendererDir,
      logger,
      port: options.port,
      downloads,
      texts: t,
    });
  } catch (error) {
    await backend.close();
    await downloads.close();
    throw error;
  }

  const claim = await claimInstance(dataDir, { pid: process.pid, port: server.port, key: server.instanceKey, startedAt: new Date().toISOString() });
  if (!claim.claimed) {
    // Another shell for this folder won the race while we were starting: use it.
    await server.close();
    await backend.close();
    await downloads.close();
    return openRunning(claim.running, t('shell.alreadyRunning'));
  }

  const release = claim.release.bind(claim);
  const firstUrl = server.loginUrl();
  const { plan, child } = await launch(firstUrl, options.open);
  logger.info('browser shell: serving', { port: server.port, window: plan.kind });
  say(t('shell.running', { port: server.port }));
  describeWindow(plan, firstUrl, t).forEach(say);
  say(t('shell.folders', { data: dataDir, photos: cacheDir, logs: paths.logs }));
  say(t('shell.howToStop'));

  let resolveStopped: (clean: boolean) => void = () => {};
  const stopped = new Promise<boolean>((resolve) => (resolveStopped = resolve));
  let stopping: Promise<boolean> | undefined;
  const idle = createIdleWatch({ graceMs: WINDOW_GRACE_MS, onIdle: () => void stop(t('shell.windowClosed')) });

  function stop(reason: string, limitMs = STOP_LIMIT_MS): Promise<boolean> {
    stopping ??= (async () => {
      say(t('shell.stopping', { reason }));
      logger.info('browser shell: stopping', { reason });
      idle.stop();
      const steps = (async () => {
        await server.close();
        // Cancels a running sync, waits for it, closes the database; stops the demo sandbox.
        await backend.close();
        await downloads.close();
        await removeLoginPage(page);
        await release();
      })();
      let timer: NodeJS.Timeout | undefined;
      const clean = await Promise.race([
        steps.then(
          () => true,
          (error: unknown) => {
            logger.error('browser shell: did not stop cleanly', { error });
            return false;
          },
        ),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), limitMs))),
      ]);
      clearTimeout(timer);
      if (child && child.exitCode === null) child.kill();
      logger.info('browser shell: stopped', { clean });
      say(clean ? t('shell.stopped') : t('shell.notClean', { seconds: Math.round(limitMs / 1000), logs: paths.logs }));
      resolveStopped(clean);
      return clean;
    })();
    return stopping;
  }

  if (plan.kind === 'app') {
    let windowConnected = false;
    server.onClients((count) => {
      if (!windowConnected && count > 0) logger.info('browser shell: the window connected');
      windowConnected ||= count > 0;
      idle.connected(count);
    });
    child?.once('exit', (code, signal) => {
      // The window never connected: the browser could not show it. Keep serving at the address.
      if (!windowConnected) [t('shell.windowFailed', { code: code ?? signal ?? '?' }), `  ${server.loginUrl()}`].forEach(say);
    });
  }

  return { kind: 'started', shell: { loginUrl: () => server.loginUrl(), server, backend, stop, stopped } };
}

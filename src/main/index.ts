// The Electron shell: app lifecycle, the window, the two protocols, IPC registration. The only
// main-side file that touches Electron; every decision it makes is a pure function in ./shell
// (tested under Node in test/shell) and the backend is plain modules built from BackendDeps.
import { app, BrowserWindow, dialog, ipcMain, Menu, powerMonitor, protocol, screen, session, shell } from 'electron';
import type { WebContents } from 'electron';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IPC_EVENT, IPC_INVOKE } from '../preload/bridge';
import { createKeytarKeychain } from './secrets';
import { createBackend } from './backend';
import { currentPhotos, startDemoSandbox, type Backend, type BackendDeps } from './ipc/backend';
import { createEventHub } from './ipc/events';
import { createGate } from './ipc/gate';
import { APP_SCHEME, createAppHandler } from './shell/app-protocol';
import { disableFeaturesSwitch } from './shell/chromium-features';
import { contentSecurityPolicy, PHOTO_SCHEME, withCspHeader } from './shell/csp';
import { appUserModelId } from './shell/identity';
import { chosenExportFile, folderOf, saveDialogOptions } from './shell/export-dialog';
import { createFileLogger, logFilePath } from './base/logger';
import { menuLabels, menuTemplate } from './shell/menu';
import { electronFetch } from './shell/net-fetch';
import { appPaths, rendererUrl } from './shell/paths';
import { permissionDecision } from './shell/permissions';
import { createPhotoHandler } from './shell/photo-protocol';
import { chosenDataDir, profileFor } from './app-data/profile';
import { describeProxy, proxyChoice } from './base/proxy';
import {
  afterQuitQuestion,
  closeWithin,
  QUIT_CLOSE_LIMIT_MS,
  quitStep,
  SHUTDOWN_CLOSE_LIMIT_MS,
  syncRunningAfter,
  type QuitReason,
  type QuitState,
} from './shell/quit';
import { activateAction, QUIT_ANYWAY_BUTTON, quitDuringSyncBox, startupFailedBox, windowFailedBox, type MessageBox, type StartupState } from './shell/startup';
import { updateDecision } from './shell/updates';
import { externalUrlDecision, guardedOpenExternal, navigationDecision } from './shell/urls';
import { createReloadGuard, loadFailureAction, rendererGoneAction, SHOW_LIMIT_MS, showWindow, UNRESPONSIVE_RELOAD_MS } from './shell/window-recovery';
import { MIN_HEIGHT, MIN_WIDTH, windowOptions } from './shell/window-options';
import { loadWindowState, restoreBounds, saveWindowState } from './shell/window-state';
import { resolveLanguage } from '../shared/i18n/language';
import type { LanguageSetting, SettingsView, UiLanguage } from '../shared/views';

const HELP_URL = 'https://showroom.example/help';
const PRELOAD = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const RENDERER_DIR = fileURLToPath(new URL('../renderer', import.meta.url));

// Before 'ready': privileged schemes, the profile folder, sandbox for every renderer.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  { scheme: PHOTO_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);
app.enableSandbox();
// Chromium features the window runs without (a keystroke's answer not held behind the key's frame): shell/chromium-features.ts.
const chromiumFeatures = disableFeaturesSwitch();
app.commandLine.appendSwitch(chromiumFeatures.name, chromiumFeatures.value);
// A run from the sources has a profile (and a keychain service) of its own: see shell/profile.ts.
const profile = profileFor({
  platform: process.platform,
  env: process.env,
  home: app.getPath('home'),
  packaged: app.isPackaged,
  appData: app.getPath('appData'),
  override: chosenDataDir(undefined, process.env),
});
app.setPath('userData', profile.dataDir);
const paths = appPaths(profile.dataDir);
app.setAppLogsPath(paths.logs);
if (process.platform === 'win32') app.setAppUserModelId(appUserModelId(app.isPackaged));

const renderer = rendererUrl({ packaged: app.isPackaged, devServerUrl: process.env.ELECTRON_RENDERER_URL });
const csp = contentSecurityPolicy({ dev: renderer.dev, devServerUrl: renderer.dev ? renderer.url : undefined });
const logger = createFileLogger({ dir: paths.logs, echo: renderer.dev });
const hub = createEventHub({ onSinkError: (error, event) => logger.warn('event not delivered', { event, error }) });
const logFile = logFilePath(paths.logs, 'showroom', 0);
let mainWindow: BrowserWindow | undefined;
let backend: Backend | undefined;
let startup: StartupState = 'starting';
let quitState: QuitState = 'open';
let syncRunning = false;
// The dialogs speak the UI's language (set with the menu, see setMenu); before that, the system's
// (app.getLocale() is reliable only once the app is ready).
let chosenLanguage: UiLanguage | undefined;
const language = (): UiLanguage => chosenLanguage ?? resolveLanguage('system', app.isReady() ? app.getLocale() : '');

process.on('uncaughtException', (error) => logger.error('uncaught exception', { error }));
process.on('unhandledRejection', (error) => logger.error('unhandled rejection', { error }));

if (!app.requestSingleInstanceLock()) {
  // Another Showroom is running: it gets focused (below, 'second-instance') and this one leaves.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) => guardContents(contents));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  const started = app.whenReady().then(start);
  started.then(
    () => {
      startup = 'ready';
    },
    (error: unknown) => failStartup(error),
  );
  // macOS Dock click. Start-up creates the window itself: one during start-up waits for it, then
  // opens a window only if there still is none.
  const onActivate = () => {
    const action = activateAction(startup, BrowserWindow.getAllWindows().length);
    if (action === 'create') mainWindow = createWindow();
    else if (action === 'wait') started.then(onActivate, () => undefined);
  };
  app.on('activate', onActivate);
  app.on('before-quit', (event) => requestQuit(event, 'user'));
}

/** Start-up failed: say so and where the log is, then leave (releasing the single-instance lock). */
function failStartup(error: unknown): void {
  startup = 'failed';
  logger.error('startup failed', { error });
  const box = startupFailedBox(language(), logFile);
  // showErrorBox works before 'ready' too, and blocks until the dealer has read it.
  dialog.showErrorBox(box.title, `${box.message}\n\n${box.detail}`);
  app.releaseSingleInstanceLock();
  // A backend that did open (the failure came later) still closes its database first.
  void closeWithin(() => backend?.close() ?? Promise.resolve(), SHUTDOWN_CLOSE_LIMIT_MS).finally(() => app.exit(1));
}

/** Every quit goes through here: see shell/quit.ts for the sequence. */
function requestQuit(event: { preventDefault(): void } | undefined, reason: QuitReason): void {
  const step = quitStep({ state: quitState, reason, syncRunning });
  if (!step.prevent) return;
  event?.preventDefault();
  if (step.then === 'close') void closeThenExit(step.limitMs);
  else if (step.then === 'ask') {
    quitState = 'asking';
    void showBox(quitDuringSyncBox(language())).then(async (response) => {
      const next = afterQuitQuestion(response === QUIT_ANYWAY_BUTTON);
      quitState = next.state;
      if (next.close) await closeThenExit(QUIT_CLOSE_LIMIT_MS);
    });
  }
}

async function closeThenExit(limitMs: number): Promise<void> {
  quitState = 'closing';
  // app.exit() closes the windows without their 'close' event: keep the window's place now.
  if (mainWindow && !mainWindow.isDestroyed()) rememberWindow(mainWindow);
  const result = await closeWithin(() => backend?.close() ?? Promise.resolve(), limitMs);
  if (result.outcome === 'closed') logger.info('closed', { limitMs });
  else logger.error('backend did not close cleanly', { outcome: result.outcome, limitMs, error: result.error });
  quitState = 'closed';
  app.exit(0);
}

/** Where the last export was saved (this run): the next save dialog opens there. */
let lastExportFolder: string | undefined;

function showBox(box: MessageBox): Promise<number> {
  const parent = mainWindow && !mainWindow.isDestroyed() ? mainWindow : undefined;
  return (parent ? dialog.showMessageBox(parent, box) : dialog.showMessageBox(box)).then((r) => r.response);
}

async function start(): Promise<void> {
  logger.info('starting', { version: app.getVersion(), electron: process.versions.electron, dev: renderer.dev });
  hardenSession();

  // The portal through Chromium's network stack (OS proxy, PAC, OS certificates: shell/proxy.ts), in
  // a session of its own, apart from the renderer's (its CSP rewriting, its permissions).
  logger.info('network', { proxy: describeProxy(proxyChoice({ runtime: 'electron', env: process.env })) });
  const portalSession = session.fromPartition('showroom-portal');
  const deps: BackendDeps = {
    dataDir: profile.dataDir,
    cacheDir: profile.cacheDir,
    fetch: electronFetch((input, init) => portalSession.fetch(input, init)),
    keychain: createKeytarKeychain(profile.keychainService),
    openExternal: guardedOpenExternal((url) => shell.openExternal(url)),
    // A native save dialog on the window; the next one opens where the last export went.
    exportDestination: {
      async place(request) {
        const options = saveDialogOptions(request, lastExportFolder ?? app.getPath('documents'));
        const parent = mainWindow && !mainWindow.isDestroyed() ? mainWindow : undefined;
        const file = chosenExportFile(await (parent ? dialog.showSaveDialog(parent, options) : dialog.showSaveDialog(options)), request);
        if (file === null) return null;
        return {
          file,
          deliver: () => {
            lastExportFolder = folderOf(file);
            return { kind: 'saved', file };
          },
        };
      },
    },
    emit: hub.emit,
    logger: logger.child('backend'),
    startDemoSandbox,
  };
  const activeBackend = await createBackend({ ...deps, version: app.getVersion() });
  backend = activeBackend;

  const gate = createGate(activeBackend.handlers, { appUrl: renderer.url, logger: logger.child('ipc') });
  ipcMain.handle(IPC_INVOKE, (event, channel: unknown, input: unknown) =>
    gate(channel, input, {
      url: event.senderFrame?.url ?? '',
      frameIsMain: event.senderFrame != null && event.senderFrame === event.sender.mainFrame,
    }),
  );
  hub.subscribe((event, payload) => {
    syncRunning = syncRunningAfter(event, syncRunning);
    for (const window of BrowserWindow.getAllWindows()) {
      if (!window.isDestroyed()) window.webContents.send(IPC_EVENT, event, payload);
    }
  });

  protocol.handle(APP_SCHEME, createAppHandler({ root: RENDERER_DIR, csp }));
  protocol.handle(PHOTO_SCHEME, (request) => {
    const photos = currentPhotos(activeBackend);
    if (!photos) return new Response(null, { status: 404 });
    return createPhotoHandler({ ...photos, onRefused: (reason, url) => logger.warn('photo refused', { reason, url }) })(request);
  });

  const menuActions = {
    // The same call as the Sync button; progress reaches the renderer as sync.* events.
    sync: () => {
      void gate('sync.start', {}, { url: renderer.url, frameIsMain: true }).then((result) => {
        if (!result.ok) logger.info('menu sync not started', { kind: result.error.kind });
      });
    },
    // The renderer owns Ctrl/Cmd+F (focus the search box): the menu click sends it that key.
    find: () => mainWindow?.webContents.sendInputEvent({ type: 'keyDown', keyCode: 'F', modifiers: [process.platform === 'darwin' ? 'meta' : 'control'] }),
    help: () => void deps.openExternal(HELP_URL),
    settings: () => hub.emit('menu.settings', null),
  };
  // The menu speaks the UI's language, and follows it when the dealer changes it in Settings.
  const setMenu = (setting: LanguageSetting) => {
    chosenLanguage = resolveLanguage(setting, app.getLocale());
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(menuTemplate({ platform: process.platform, dev: renderer.dev, actions: menuActions, t: menuLabels(chosenLanguage) })),
    );
  };
  const settings = await gate('settings.get', {}, { url: renderer.url, frameIsMain: true });
  // resolveLanguage takes anything that is not 'en' or 'pt-BR' as "the system's".
  setMenu(settings.ok ? (settings.value as SettingsView).language : 'system');
  hub.subscribe((event, payload) => {
    if (event === 'settings.changed') setMenu((payload as SettingsView).language);
  });

  // The OS is shutting down or logging out (Linux, macOS; Windows: the window's session-end).
  // Electron's typings omit the documented event, whose preventDefault() delays the shutdown until we exit.
  powerMonitor.on('shutdown', (...args: unknown[]) => requestQuit(args[0] as { preventDefault(): void } | undefined, 'shutdown'));
  mainWindow = createWindow();
  void checkForUpdates();
}

/** electron-updater, only in a packaged app built with a feed (shell/updates.ts). */
async function checkForUpdates(): Promise<void> {
  const decision = updateDecision({
    packaged: app.isPackaged,
    platform: process.platform,
    feedConfigured: existsSync(join(process.resourcesPath, 'app-update.yml')),
    env: process.env,
  });
  if (!decision.check) {
    logger.info('updates not checked', { reason: decision.reason });
    return;
  }
  try {
    const { default: updater } = await import('electron-updater');
    updater.autoUpdater.logger = {
      info: (m: unknown) => logger.info('updater', { m: String(m) }),
      warn: (m: unknown) => logger.warn('updater', { m: String(m) }),
      error: (m: unknown) => logger.error('updater', { m: String(m) }),
    };
    await updater.autoUpdater.checkForUpdatesAndNotify();
  } catch (error) {
    logger.warn('update check failed', { error });
  }
}

function createWindow(): BrowserWindow {
  const displays = [screen.getPrimaryDisplay(), ...screen.getAllDisplays().filter((d) => d.id !== screen.getPrimaryDisplay().id)];
  const restored = restoreBounds(loadWindowState(paths.windowState), displays, { width: MIN_WIDTH, height: MIN_HEIGHT });
  const window = new BrowserWindow(windowOptions({ preload: PRELOAD, bounds: restored.bounds }));
  // Shown (and maximized: maximize() shows) once painted, or after a time limit whatever happens.
  const reveal = () => showWindow(window, restored.maximized);
  window.once('ready-to-show', reveal);
  const showTimer = setTimeout(() => {
    if (!window.isDestroyed() && !window.isVisible()) logger.warn('window shown before the renderer was ready', { afterMs: SHOW_LIMIT_MS });
    reveal();
  }, SHOW_LIMIT_MS);
  window.on('close', () => rememberWindow(window));
  window.on('closed', () => {
    clearTimeout(showTimer);
    if (mainWindow === window) mainWindow = undefined;
  });
  // Windows logging off or shutting down: it cannot be refused, only used to close cleanly.
  window.on('session-end', () => requestQuit(undefined, 'shutdown'));
  watchRenderer(window, reveal);
  void window.loadURL(renderer.url);
  return window;
}

function rememberWindow(window: BrowserWindow): void {
  try {
    saveWindowState(paths.windowState, { ...window.getNormalBounds(), maximized: window.isMaximized() });
  } catch (error) {
    logger.warn('window state not saved', { error });
  }
}

/** A renderer that fails to load, crashes or hangs is reloaded, within a loop guard (shell/window-recovery.ts). */
function watchRenderer(window: BrowserWindow, reveal: () => void): void {
  const guard = createReloadGuard();
  let gaveUp = false;
  let unresponsive: ReturnType<typeof setTimeout> | undefined;
  const recover = (what: string, details: Record<string, unknown>) => {
    logger.error(what, details);
    if (window.isDestroyed() || quitState !== 'open') return;
    if (guard.next() === 'reload') {
      void window.loadURL(renderer.url).catch(() => undefined); // a failure comes back as did-fail-load
      return;
    }
    reveal();
    if (gaveUp) return;
    gaveUp = true;
    void showBox(windowFailedBox(language(), guard.count(), logFile));
  };
  const contents = window.webContents;
  contents.on('did-fail-load', (_event, errorCode, errorDescription, validatedURL, isMainFrame) => {
    if (loadFailureAction({ errorCode, isMainFrame }) === 'reload')
      recover('renderer load failed', { errorCode, errorDescription, url: validatedURL.slice(0, 300) });
  });
  contents.on('render-process-gone', (_event, details) => {
    if (rendererGoneAction(details.reason) === 'reload') recover('renderer gone', { reason: details.reason, exitCode: details.exitCode });
    else logger.info('renderer exited', { reason: details.reason });
  });
  window.on('unresponsive', () => {
    logger.warn('renderer unresponsive');
    clearTimeout(unresponsive);
    unresponsive = setTimeout(() => recover('renderer still unresponsive', { afterMs: UNRESPONSIVE_RELOAD_MS }), UNRESPONSIVE_RELOAD_MS);
  });
  window.on('responsive', () => clearTimeout(unresponsive));
  window.on('closed', () => clearTimeout(unresponsive));
}

/** Every web contents: no navigation away from the app, no new windows, no webviews. */
function guardContents(contents: WebContents): void {
  const refuseNavigation = (event: { url: string; preventDefault(): void }) => {
    if (navigationDecision(event.url, renderer.url) === 'allow') return;
    event.preventDefault();
    logger.warn('navigation refused', { url: event.url.slice(0, 300) });
  };
  contents.on('will-navigate', refuseNavigation);
  contents.on('will-redirect', refuseNavigation);
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) refuseNavigation(event);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // A link meant for the browser (a listing on the portal): the system browser opens it.
    if (externalUrlDecision(url) === 'open') void shell.openExternal(url);
    else logger.warn('window.open refused', { url: url.slice(0, 300) });
    return { action: 'deny' };
  });
}

/** The default session: no permissions, our CSP on every response, no downloads. */
function hardenSession(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback) => callback(permissionDecision(permission)));
  ses.setPermissionCheckHandler((_contents, permission) => permissionDecision(permission));
  ses.setDevicePermissionHandler(() => false);
  ses.webRequest.onHeadersReceived((details, callback) => callback({ responseHeaders: withCspHeader(details.responseHeaders, csp) }));
  ses.on('will-download', (event) => event.preventDefault());
}

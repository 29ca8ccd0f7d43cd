// The Electron shell: app lifecycle, the window, the two protocols, IPC registration. The only
// main-side file that touches Electron; every decision it makes is a pure function in ./shell
// (tested under Node in test/shell) and the backend is plain modules built from BackendDeps.
import { app, BrowserWindow, ipcMain, Menu, protocol, screen, session, shell } from 'electron';
import type { WebContents } from 'electron';
import { fileURLToPath } from 'node:url';
import { IPC_EVENT, IPC_INVOKE } from '../preload/bridge';
import { createKeytarKeychain } from './secrets';
import { createBackend } from './backend';
import { currentPhotos, startDemoSandbox, type Backend, type BackendDeps } from './ipc/backend';
import { createEventHub } from './ipc/events';
import { createGate } from './ipc/gate';
import { APP_SCHEME, createAppHandler } from './shell/app-protocol';
import { contentSecurityPolicy, PHOTO_SCHEME, withCspHeader } from './shell/csp';
import { createFileLogger } from './shell/logger';
import { menuLabels, menuTemplate } from './shell/menu';
import { appPaths, rendererUrl, userDataDir } from './shell/paths';
import { permissionDecision } from './shell/permissions';
import { createPhotoHandler } from './shell/photo-protocol';
import { externalUrlDecision, guardedOpenExternal, navigationDecision } from './shell/urls';
import { MIN_HEIGHT, MIN_WIDTH, windowOptions } from './shell/window-options';
import { loadWindowState, restoreBounds, saveWindowState } from './shell/window-state';
import { resolveLanguage } from '../shared/i18n/language';
import type { LanguageSetting, SettingsView } from '../shared/views';

const HELP_URL = 'https://showroom.example/help';
const PRELOAD = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const RENDERER_DIR = fileURLToPath(new URL('../renderer', import.meta.url));

// Before 'ready': privileged schemes, the profile folder, sandbox for every renderer.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  { scheme: PHOTO_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);
app.enableSandbox();
app.setPath('userData', userDataDir({ appData: app.getPath('appData'), override: process.env.SHOWROOM_USER_DATA_DIR }));
const paths = appPaths(app.getPath('userData'));
app.setAppLogsPath(paths.logs);

const renderer = rendererUrl({ packaged: app.isPackaged, devServerUrl: process.env.ELECTRON_RENDERER_URL });
const csp = contentSecurityPolicy({ dev: renderer.dev, devServerUrl: renderer.dev ? renderer.url : undefined });
const logger = createFileLogger({ dir: paths.logs, echo: renderer.dev });
const hub = createEventHub({ onSinkError: (error, event) => logger.warn('event not delivered', { event, error }) });
let mainWindow: BrowserWindow | undefined;
let backend: Backend | undefined;

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
  app.on('activate', () => {
    if (app.isReady() && BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow();
  });
  app.on('will-quit', () => {
    void backend?.close().catch((error: unknown) => logger.error('backend did not close cleanly', { error }));
  });
  app.whenReady().then(start, (error: unknown) => {
    logger.error('startup failed', { error });
    app.exit(1);
  });
}

async function start(): Promise<void> {
  logger.info('starting', { version: app.getVersion(), electron: process.versions.electron, dev: renderer.dev });
  hardenSession();

  const deps: BackendDeps = {
    dataDir: paths.userData,
    keychain: createKeytarKeychain(),
    openExternal: guardedOpenExternal((url) => shell.openExternal(url)),
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
  };
  // The menu speaks the UI's language, and follows it when the dealer changes it in Settings.
  const setMenu = (language: LanguageSetting) =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(menuTemplate({ platform: process.platform, dev: renderer.dev, actions: menuActions, t: menuLabels(resolveLanguage(language, app.getLocale())) })),
    );
  const settings = await gate('settings.get', {}, { url: renderer.url, frameIsMain: true });
  // resolveLanguage takes anything that is not 'en' or 'pt-BR' as "the system's".
  setMenu(settings.ok ? (settings.value as SettingsView).language : 'system');
  hub.subscribe((event, payload) => {
    if (event === 'settings.changed') setMenu((payload as SettingsView).language);
  });

  mainWindow = createWindow();
}

function createWindow(): BrowserWindow {
  const displays = [screen.getPrimaryDisplay(), ...screen.getAllDisplays().filter((d) => d.id !== screen.getPrimaryDisplay().id)];
  const restored = restoreBounds(loadWindowState(paths.windowState), displays, { width: MIN_WIDTH, height: MIN_HEIGHT });
  const window = new BrowserWindow(windowOptions({ preload: PRELOAD, bounds: restored.bounds }));
  if (restored.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    try {
      saveWindowState(paths.windowState, { ...window.getNormalBounds(), maximized: window.isMaximized() });
    } catch (error) {
      logger.warn('window state not saved', { error });
    }
  });
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = undefined;
  });
  window.webContents.on('render-process-gone', (_event, details) => logger.error('renderer gone', { reason: details.reason, exitCode: details.exitCode }));
  void window.loadURL(renderer.url);
  return window;
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

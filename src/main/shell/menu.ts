// The application menu as data. index.ts turns it into a Menu; the actions are injected so the
// template stays pure and testable.
import type { MenuItemConstructorOptions } from 'electron';
import { en, type Messages } from '../../shared/i18n/en';
import { ptBR } from '../../shared/i18n/pt-BR';
import type { UiLanguage } from '../../shared/views';

export interface MenuActions {
  /** Start a sync (the same as the dealer pressing the Sync button). */
  sync(): void;
  /** Put the cursor in the inventory search box. */
  find(): void;
  /** Open the help page in the system browser. */
  help(): void;
  /** Show the Settings screen. */
  settings(): void;
}

export interface MenuTemplateInput {
  platform: NodeJS.Platform;
  /** Translates a menu label key (default: menuLabels('en')). */
  t?: (key: MenuLabelKey) => string;
  /** Development builds keep Reload and the developer tools. */
  dev?: boolean;
  actions: MenuActions;
  appName?: string;
}

export type MenuLabelKey = keyof Messages['menu'];

/** The menu's labels in the UI language (src/shared/i18n, like every other string of the app). */
export function menuLabels(language: UiLanguage): (key: MenuLabelKey) => string {
  const labels = (language === 'pt-BR' ? ptBR : en).menu;
  return (key) => labels[key];
}

/** Sync: F5 is "refresh" to Windows and Linux users; macOS users expect Cmd+R. */
export function syncAccelerator(platform: NodeJS.Platform): string {
  return platform === 'darwin' ? 'Cmd+R' : 'F5';
}

/** Reload (development builds only): Cmd+R is Sync on macOS, so Reload moves to Cmd+Shift+R there. */
export function reloadAccelerator(platform: NodeJS.Platform): string {
  return platform === 'darwin' ? 'Cmd+Shift+R' : 'CmdOrCtrl+R';
}

export function menuTemplate({ platform, t = menuLabels('en'), dev = false, actions, appName = 'Showroom' }: MenuTemplateInput): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const syncItem: MenuItemConstructorOptions = { id: 'sync', label: t('sync'), accelerator: syncAccelerator(platform), click: () => actions.sync() };
  // Cmd+, is Settings in every Mac app; VS Code and others use Ctrl+, on Windows and Linux too.
  const settingsItem: MenuItemConstructorOptions = { id: 'settings', label: t('settings'), accelerator: 'CmdOrCtrl+,', click: () => actions.settings() };

  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: appName,
          submenu: [
            { role: 'about' },
            { type: 'separator' },
            settingsItem,
            { type: 'separator' },
            { role: 'services' },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        },
      ]
    : [];

  const file: MenuItemConstructorOptions = {
    label: t('file'),
    submenu: mac
      ? [syncItem, { type: 'separator' }, { role: 'close' }]
      : [syncItem, { type: 'separator' }, settingsItem, { type: 'separator' }, { role: 'quit' }],
  };

  const edit: MenuItemConstructorOptions = {
    label: t('edit'),
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
      { type: 'separator' },
      // registerAccelerator: false lets the keystroke itself reach the renderer (which focuses
      // its search box on Ctrl/Cmd+F); the menu item shows the shortcut and does the same on click.
      { id: 'find', label: t('find'), accelerator: 'CmdOrCtrl+F', registerAccelerator: false, click: () => actions.find() },
    ],
  };

  const view: MenuItemConstructorOptions = {
    label: t('view'),
    submenu: [
      ...(dev
        ? ([{ role: 'reload', accelerator: reloadAccelerator(platform) }, { role: 'toggleDevTools' }, { type: 'separator' }] as MenuItemConstructorOptions[])
        : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };

  // macOS: the standard Window menu (minimize, zoom, the window list, bring all to front).
  const windowMenu: MenuItemConstructorOptions = mac
    ? { label: t('window'), role: 'windowMenu' }
    : { label: t('window'), submenu: [{ role: 'minimize' }, { role: 'close' }] };

  const help: MenuItemConstructorOptions = {
    label: t('help'),
    role: 'help',
    submenu: [{ id: 'help', label: t('helpPage'), click: () => actions.help() }],
  };

  return [...appMenu, file, edit, view, windowMenu, help];
}

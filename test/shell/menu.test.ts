import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { menuLabels, menuTemplate, reloadAccelerator, syncAccelerator } from '../../src/main/shell/menu';
import { permissionDecision } from '../../src/main/shell/permissions';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flatten(i.submenu) : [])]);
}

/** Electron's default shortcuts of the roles we use (a role item without `accelerator` gets these). */
const ROLE_ACCELERATORS: Partial<Record<string, string>> = {
  reload: 'CmdOrCtrl+R',
  forceReload: 'Shift+CmdOrCtrl+R',
  toggleDevTools: 'Alt+CmdOrCtrl+I',
  undo: 'CmdOrCtrl+Z',
  redo: 'Shift+CmdOrCtrl+Z',
  cut: 'CmdOrCtrl+X',
  copy: 'CmdOrCtrl+C',
  paste: 'CmdOrCtrl+V',
  selectAll: 'CmdOrCtrl+A',
  resetZoom: 'CmdOrCtrl+0',
  zoomIn: 'CmdOrCtrl+Plus',
  zoomOut: 'CmdOrCtrl+-',
  minimize: 'CmdOrCtrl+M',
  close: 'CmdOrCtrl+W',
  quit: 'CmdOrCtrl+Q',
  hide: 'Cmd+H',
  hideOthers: 'Alt+Cmd+H',
};

const actions = () => ({ sync: vi.fn(), find: vi.fn(), help: vi.fn(), settings: vi.fn() });

describe('menuTemplate', () => {
  it('has Sync and Find items wired to the actions, with their shortcuts', () => {
    const a = actions();
    const items = flatten(menuTemplate({ platform: 'linux', actions: a }));
    const sync = items.find((i) => i.id === 'sync');
    const find = items.find((i) => i.id === 'find');
    expect(sync?.accelerator).toBe('F5');
    expect(find?.accelerator).toBe('CmdOrCtrl+F');
    (sync?.click as () => void)();
    (find?.click as () => void)();
    expect(a.sync).toHaveBeenCalledOnce();
    expect(a.find).toHaveBeenCalledOnce();
  });

  it('uses Cmd+R for Sync and the app menu on macOS', () => {
    expect(syncAccelerator('darwin')).toBe('Cmd+R');
    const template = menuTemplate({ platform: 'darwin', actions: actions() });
    expect(template[0]?.label).toBe('Showroom');
    expect(flatten(template).some((i) => i.role === 'quit')).toBe(true);
  });

  it('keeps Reload and the developer tools out of production builds', () => {
    const prod = flatten(menuTemplate({ platform: 'win32', actions: actions() }));
    expect(prod.some((i) => i.role === 'reload' || i.role === 'toggleDevTools' || i.role === 'forceReload')).toBe(false);
    const dev = flatten(menuTemplate({ platform: 'win32', actions: actions(), dev: true }));
    expect(dev.some((i) => i.role === 'toggleDevTools')).toBe(true);
  });

  it('translates its labels', () => {
    const items = flatten(menuTemplate({ platform: 'linux', actions: actions(), t: (k) => `pt:${k}` }));
    expect(items.find((i) => i.id === 'sync')?.label).toBe('pt:sync');
    expect(items.filter((i) => i.label !== undefined).every((i) => String(i.label).startsWith('pt:'))).toBe(true);
  });

  it("speaks the dealer's language: every label it sets comes from the app's translations", () => {
    const labels = (language: 'en' | 'pt-BR') =>
      flatten(menuTemplate({ platform: 'linux', actions: actions(), t: menuLabels(language) }))
        .map((i) => i.label)
        .filter(Boolean);
    expect(labels('en')).toEqual(['File', 'Sync with the portal', 'Settings…', 'Edit', 'Find vehicle…', 'View', 'Window', 'Help', 'Showroom help']);
    expect(labels('pt-BR')).toEqual([
      'Arquivo',
      'Sincronizar com o portal',
      'Configurações…',
      'Editar',
      'Buscar veículo…',
      'Exibir',
      'Janela',
      'Ajuda',
      'Ajuda do Showroom',
    ]);
  });

  it('macOS: Settings… on Cmd+, in the app menu, and the standard Window menu', () => {
    const a = actions();
    const template = menuTemplate({ platform: 'darwin', actions: a });
    const appMenu = flatten([template[0]!]);
    const settings = appMenu.find((i) => i.id === 'settings');
    expect(settings?.accelerator).toBe('CmdOrCtrl+,');
    (settings?.click as () => void)();
    expect(a.settings).toHaveBeenCalledOnce();
    expect(template.some((i) => i.role === 'windowMenu')).toBe(true);
    // Windows and Linux: Settings in the File menu, with the same shortcut.
    expect(flatten(menuTemplate({ platform: 'linux', actions: actions() })).find((i) => i.id === 'settings')?.accelerator).toBe('CmdOrCtrl+,');
  });

  it('never binds one shortcut twice, in development builds either (Cmd+R is Sync on macOS, not Reload)', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      for (const dev of [false, true]) {
        const accelerators = flatten(menuTemplate({ platform, dev, actions: actions() }))
          .map((i) => i.accelerator ?? (i.role ? ROLE_ACCELERATORS[i.role] : undefined))
          .filter((a): a is string => typeof a === 'string')
          .map((a) => a.replace('CmdOrCtrl', platform === 'darwin' ? 'Cmd' : 'Ctrl'));
        expect(new Set(accelerators).size, `${platform} dev=${dev}: ${accelerators.join(', ')}`).toBe(accelerators.length);
      }
    }
    expect(reloadAccelerator('darwin')).not.toBe(syncAccelerator('darwin'));
  });

  it('has the usual Edit items (so copy and paste work in text fields)', () => {
    const roles = flatten(menuTemplate({ platform: 'linux', actions: actions() })).map((i) => i.role);
    expect(roles).toEqual(expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'minimize', 'togglefullscreen']));
  });
});

describe('permissionDecision', () => {
  it('refuses every permission', () => {
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'unknown'])
      expect(permissionDecision(p)).toBe(false);
  });
});

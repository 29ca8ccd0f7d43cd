import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { menuLabels, menuTemplate, syncAccelerator } from '../../src/main/shell/menu';
import { permissionDecision } from '../../src/main/shell/permissions';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flatten(i.submenu) : [])]);
}

const actions = () => ({ sync: vi.fn(), find: vi.fn(), help: vi.fn() });

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

  it('speaks the dealer\'s language: every label it sets comes from the app\'s translations', () => {
    const labels = (language: 'en' | 'pt-BR') => flatten(menuTemplate({ platform: 'linux', actions: actions(), t: menuLabels(language) })).map((i) => i.label).filter(Boolean);
    expect(labels('en')).toEqual(['File', 'Sync with the portal', 'Edit', 'Find vehicle…', 'View', 'Window', 'Help', 'Showroom help']);
    expect(labels('pt-BR')).toEqual(['Arquivo', 'Sincronizar com o portal', 'Editar', 'Buscar veículo…', 'Exibir', 'Janela', 'Ajuda', 'Ajuda do Showroom']);
  });

  it('has the usual Edit items (so copy and paste work in text fields)', () => {
    const roles = flatten(menuTemplate({ platform: 'linux', actions: actions() })).map((i) => i.role);
    expect(roles).toEqual(expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'minimize', 'togglefullscreen']));
  });
});

describe('permissionDecision', () => {
  it('refuses every permission', () => {
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'unknown']) expect(permissionDecision(p)).toBe(false);
  });
});

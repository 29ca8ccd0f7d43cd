import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { windowOptions } from '../../src/main/shell/window-options';
import { DEFAULT_SIZE, loadWindowState, restoreBounds, saveWindowState, type Display } from '../../src/main/shell/window-state';

describe('windowOptions', () => {
  it('isolates and sandboxes the renderer, without Node, with web security', () => {
    const o = windowOptions({ preload: '/app/out/preload/index.cjs', bounds: { width: 1000, height: 700 } });
    expect(o.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(o.show).toBe(false);
    expect(o).toMatchObject({ width: 1000, height: 700 });
  });
});

const laptop: Display = { workArea: { x: 0, y: 0, width: 1920, height: 1040 } };
const rightScreen: Display = { workArea: { x: 1920, y: 0, width: 2560, height: 1400 } };

describe('restoreBounds', () => {
  it('uses the default size, centred, when nothing (or garbage) was saved', () => {
    for (const saved of [undefined, null, 'x', { x: 1 }, { x: 0, y: 0, width: -5, height: 10 }, { x: NaN, y: 0, width: 100, height: 100 }]) {
      expect(restoreBounds(saved, [laptop])).toEqual({ bounds: { ...DEFAULT_SIZE }, maximized: false });
    }
  });

  it('restores a window that is on a display', () => {
    const saved = { x: 100, y: 50, width: 1200, height: 800, maximized: true };
    expect(restoreBounds(saved, [laptop])).toEqual({ bounds: { x: 100, y: 50, width: 1200, height: 800 }, maximized: true });
  });

  it('restores onto the second display when it is still there', () => {
    const saved = { x: 2000, y: 100, width: 1600, height: 1000, maximized: false };
    expect(restoreBounds(saved, [laptop, rightScreen]).bounds).toEqual({ x: 2000, y: 100, width: 1600, height: 1000 });
  });

  it('falls back to the primary display when the saved display is gone', () => {
    const saved = { x: 2000, y: 100, width: 1600, height: 1000, maximized: false };
    expect(restoreBounds(saved, [laptop])).toEqual({ bounds: { width: 1600, height: 1000 }, maximized: false });
  });

  it('pulls a window hanging over an edge back in and shrinks it to the display', () => {
    const saved = { x: 1780, y: 10, width: 3000, height: 2000, maximized: false };
    expect(restoreBounds(saved, [laptop]).bounds).toEqual({ x: 0, y: 0, width: 1920, height: 1040 });
  });

  it('treats a window whose title bar is off-screen as lost', () => {
    const saved = { x: 100, y: 1030, width: 800, height: 600, maximized: false };
    expect(restoreBounds(saved, [laptop]).bounds).not.toHaveProperty('x');
  });

  it('copes with no display information at all', () => {
    expect(restoreBounds({ x: 0, y: 0, width: 1000, height: 700 }, []).bounds).toEqual({ width: 1000, height: 700 });
  });
});

describe('window state file', () => {
  it('round-trips and tolerates a missing or damaged file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'showroom-window-'));
    const file = join(dir, 'nested', 'window-state.json');
    expect(loadWindowState(file)).toBeUndefined();
    saveWindowState(file, { x: 1, y: 2, width: 1000, height: 700, maximized: false });
    expect(loadWindowState(file)).toEqual({ x: 1, y: 2, width: 1000, height: 700, maximized: false });
    writeFileSync(file, '{ half');
    expect(loadWindowState(file)).toBeUndefined();
  });
  it('does not write nonsense', () => {
    const dir = mkdtempSync(join(tmpdir(), 'showroom-window-'));
    const file = join(dir, 'window-state.json');
    saveWindowState(file, { x: 1.5, y: 2, width: 0, height: 700, maximized: false });
    expect(() => readFileSync(file)).toThrow();
  });
});

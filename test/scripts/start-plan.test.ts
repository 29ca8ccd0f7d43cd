import { delimiter } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitStatus, withPathFirst } from '../../scripts/lib/run.mjs';
import {
  FAILED_AT_ONCE_MS,
  chooseShell,
  electronBlocker,
  electronLaunch,
  failedAtOnce,
  firstErrorLine,
  rendererIsStale,
} from '../../scripts/lib/start-plan.mjs';

describe('chooseShell', () => {
  it('tries Electron by default, passing the arguments through', () => {
    expect(chooseShell(['dev', '--sourcemap'], {})).toEqual({ mode: 'dev', shell: 'electron', args: ['--sourcemap'] });
    expect(chooseShell(['preview'], { SHOWROOM_SHELL: '' })).toEqual({ mode: 'preview', shell: 'electron', args: [] });
  });
  it('takes the browser shell for --browser (which it drops) or SHOWROOM_SHELL=browser', () => {
    expect(chooseShell(['dev', '--browser', '--port', '4321'], {})).toMatchObject({ shell: 'browser', args: ['--port', '4321'] });
    expect(chooseShell(['dev', '--data-dir', '/tmp/d'], { SHOWROOM_SHELL: 'browser' })).toMatchObject({ shell: 'browser', args: ['--data-dir', '/tmp/d'] });
  });
  it('takes the browser shell for its own options (--port, --no-open), unless SHOWROOM_SHELL=electron', () => {
    expect(chooseShell(['dev', '--no-open'], {})).toMatchObject({ shell: 'browser', why: '--no-open is a browser-shell option' });
    expect(chooseShell(['dev', '--port=4000'], {})).toMatchObject({ shell: 'browser', why: '--port is a browser-shell option' });
    expect(chooseShell(['dev', '--port', '4000'], { SHOWROOM_SHELL: 'electron' })).toMatchObject({ shell: 'electron' });
    // --data-dir works for both shells: it does not choose.
    expect(chooseShell(['dev', '--data-dir', 'x'], {})).toMatchObject({ shell: 'electron' });
  });
  it('refuses an unknown SHOWROOM_SHELL or mode with a clear error', () => {
    expect(chooseShell(['dev'], { SHOWROOM_SHELL: 'chrome' })).toEqual({ error: 'start: SHOWROOM_SHELL must be browser or electron, not "chrome"' });
    expect(chooseShell(['serve'], {})).toHaveProperty('error');
    expect(chooseShell([], {})).toHaveProperty('error');
  });
});

describe('electronBlocker', () => {
  it('on Linux needs DISPLAY or WAYLAND_DISPLAY', () => {
    expect(electronBlocker({ platform: 'linux', env: {} })).toMatch(/no display/);
    expect(electronBlocker({ platform: 'linux', env: { DISPLAY: ':0' } })).toBeUndefined();
    expect(electronBlocker({ platform: 'linux', env: { WAYLAND_DISPLAY: 'wayland-0' } })).toBeUndefined();
  });
  it('on macOS and Windows there is always a display', () => {
    expect(electronBlocker({ platform: 'darwin', env: {} })).toBeUndefined();
    expect(electronBlocker({ platform: 'win32', env: {} })).toBeUndefined();
  });
});

describe('electronLaunch', () => {
  const resolvePath = (p: string) => `/abs/${p}`;
  it('passes the mode and electron-vite options, and turns --data-dir into SHOWROOM_USER_DATA_DIR (absolute)', () => {
    expect(electronLaunch('dev', ['--sourcemap', '--data-dir', 'mine'], resolvePath)).toEqual({
      args: ['dev', '--sourcemap'],
      env: { SHOWROOM_USER_DATA_DIR: '/abs/mine' },
    });
    expect(electronLaunch('preview', ['--data-dir=x'], resolvePath)).toEqual({ args: ['preview'], env: { SHOWROOM_USER_DATA_DIR: '/abs/x' } });
    expect(electronLaunch('dev', [], resolvePath)).toEqual({ args: ['dev'], env: {} });
  });
});

describe('failedAtOnce', () => {
  it('an error exit soon after the start means Electron could not start', () => {
    expect(failedAtOnce({ code: 1, elapsedMs: 2_000, interrupted: false })).toBe(true);
  });
  it('a clean exit, a late exit, a signal or the dealer’s Ctrl+C does not', () => {
    expect(failedAtOnce({ code: 0, elapsedMs: 2_000, interrupted: false })).toBe(false);
    expect(failedAtOnce({ code: 1, elapsedMs: FAILED_AT_ONCE_MS + 1, interrupted: false })).toBe(false);
    expect(failedAtOnce({ code: null, elapsedMs: 2_000, interrupted: false })).toBe(false);
    expect(failedAtOnce({ code: 130, elapsedMs: 2_000, interrupted: true })).toBe(false);
  });
});

describe('firstErrorLine', () => {
  it('takes the error line of a stack, not its frames', () => {
    const stderr = 'TypeError: fetch failed\n    at node:internal/deps/undici/undici:14976:13\n    at async downloadArtifact (file:///x/index.js:154:12)\n';
    expect(firstErrorLine(stderr, 'exit status 1')).toBe('TypeError: fetch failed');
  });
  it('falls back when there is nothing, and cuts a long line', () => {
    expect(firstErrorLine('\n  \n', 'exit status 1')).toBe('exit status 1');
    expect(firstErrorLine('x'.repeat(500), '')).toHaveLength(158);
  });
});

describe('rendererIsStale', () => {
  it('builds when nothing is built or a source is newer', () => {
    expect(rendererIsStale({ builtMs: undefined, newestSourceMs: 0 })).toBe(true);
    expect(rendererIsStale({ builtMs: 100, newestSourceMs: 101 })).toBe(true);
    expect(rendererIsStale({ builtMs: 100, newestSourceMs: 100 })).toBe(false);
  });
});

describe('run helpers', () => {
  it('exitStatus: the code, or 128 + the signal number, as shells report it', () => {
    expect(exitStatus({ code: 3, signal: null })).toBe(3);
    expect(exitStatus({ code: null, signal: 'SIGINT' })).toBe(130);
    expect(exitStatus({ code: null, signal: 'SIGTERM' })).toBe(143);
  });
  it('withPathFirst puts node_modules/.bin first, whatever the PATH key is called', () => {
    expect(withPathFirst({ PATH: '/usr/bin' }, '/r/node_modules/.bin').PATH).toBe(`/r/node_modules/.bin${delimiter}/usr/bin`);
    expect(withPathFirst({ Path: 'C:\\Windows' }, 'C:\\r\\node_modules\\.bin')).toEqual({ Path: `C:\\r\\node_modules\\.bin${delimiter}C:\\Windows` });
    expect(withPathFirst({}, '/bin2').PATH).toBe('/bin2');
  });
});

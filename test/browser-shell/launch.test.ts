// How the browser shell shows itself and opens listings: pure decisions per platform.
import { describe, expect, it } from 'vitest';
import { textsIn } from '../../src/shared/i18n/messages';
import { chromiumFeatureArgs } from '../../src/main/shell/chromium-features';
import { browserCandidates, describeWindow, hasDisplay, launchPlan, systemOpenCommand, type LaunchInput } from '../../src/main/browser-shell/launch';

const base: LaunchInput = {
  platform: 'linux',
  env: { DISPLAY: ':0' },
  noOpen: false,
  browser: '/usr/bin/chromium',
  isRoot: false,
  page: '/data/browser-login/open.html',
  profileDir: '/data/browser-window',
};

describe('launchPlan', () => {
  it('opens an app-mode window with a profile of its own when a Chromium-family browser is there', () => {
    const plan = launchPlan(base);
    expect(plan).toMatchObject({ kind: 'app', command: '/usr/bin/chromium' });
    if (plan.kind !== 'app') throw new Error('not app');
    expect(plan.args).toContain('--app=file:///data/browser-login/open.html');
    expect(plan.args).toContain('--user-data-dir=/data/browser-window');
    expect(plan.args).not.toContain('--no-sandbox');
  });

  it('opens the private login page, never an address, on every platform (a command line is readable by every local account)', () => {
    const windows = launchPlan({
      ...base,
      platform: 'win32',
      env: {},
      browser: 'C:\\Chrome\\chrome.exe',
      page: 'C:\\Users\\d\\Showroom\\browser-login\\open.html',
    });
    expect(windows.kind === 'app' && windows.args).toContain('--app=file:///C:/Users/d/Showroom/browser-login/open.html');
    for (const input of [
      base,
      { ...base, browser: undefined },
      { ...base, platform: 'darwin', browser: undefined },
      { ...base, platform: 'win32', browser: undefined },
    ]) {
      const plan = launchPlan(input);
      if (plan.kind === 'print') throw new Error('nothing opened');
      expect(plan.args.join(' ')).not.toMatch(/127\.0\.0\.1|key=/);
    }
  });

  it('runs the window with the same Chromium features as the Electron app, in one switch', () => {
    const plan = launchPlan(base);
    expect(plan.kind === 'app' && plan.args).toEqual(expect.arrayContaining(chromiumFeatureArgs()));
    expect(plan.kind === 'app' && plan.args.filter((a) => a.startsWith('--disable-features='))).toHaveLength(1);
  });

  it('passes --no-sandbox only as root, where Chromium refuses to start without it', () => {
    const plan = launchPlan({ ...base, isRoot: true });
    expect(plan.kind === 'app' && plan.args).toContain('--no-sandbox');
  });

  it('falls back to the default browser without one', () => {
    expect(launchPlan({ ...base, browser: undefined })).toEqual({ kind: 'default', page: base.page, command: 'xdg-open', args: [base.page] });
    expect(launchPlan({ ...base, platform: 'darwin', browser: undefined })).toEqual({ kind: 'default', page: base.page, command: 'open', args: [base.page] });
    expect(launchPlan({ ...base, platform: 'win32', browser: undefined })).toEqual({
      kind: 'default',
      page: base.page,
      command: 'rundll32',
      args: ['url.dll,FileProtocolHandler', base.page],
    });
  });

  it('prints the address with no display, or when asked', () => {
    expect(launchPlan({ ...base, env: {} })).toEqual({ kind: 'print', reason: 'no_display' });
    expect(launchPlan({ ...base, noOpen: true })).toEqual({ kind: 'print', reason: 'asked' });
    expect(launchPlan({ ...base, env: { WAYLAND_DISPLAY: 'wayland-0' } }).kind).toBe('app');
    expect(launchPlan({ ...base, platform: 'win32', env: {} }).kind).toBe('app');
  });
});

describe('hasDisplay', () => {
  it('needs X11 or Wayland on Linux, and nothing on macOS or Windows', () => {
    expect(hasDisplay('linux', {})).toBe(false);
    expect(hasDisplay('linux', { DISPLAY: '' })).toBe(false);
    expect(hasDisplay('freebsd', { DISPLAY: ':1' })).toBe(true);
    expect(hasDisplay('darwin', {})).toBe(true);
    expect(hasDisplay('win32', {})).toBe(true);
  });
});

describe('browserCandidates', () => {
  it('names the usual installs per platform', () => {
    expect(browserCandidates('linux', {})).toEqual(expect.arrayContaining(['chromium', 'google-chrome']));
    expect(browserCandidates('darwin', {})[0]).toBe('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
    const win = browserCandidates('win32', { PROGRAMFILES: 'C:\\Program Files', LOCALAPPDATA: 'C:\\Users\\d\\AppData\\Local' });
    expect(win).toContain('C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe');
    expect(win).toContain('C:\\Program Files\\Microsoft\\Edge\\Application\\msedge.exe');
    expect(browserCandidates('win32', {})).toEqual([]);
  });
});

describe('systemOpenCommand', () => {
  it('hands the address as one argument, with no shell to parse it', () => {
    const url = 'https://portal.example/v?a=1&b=%PATH%|x';
    expect(systemOpenCommand('linux', url)).toEqual({ command: 'xdg-open', args: [url] });
    expect(systemOpenCommand('darwin', url)).toEqual({ command: 'open', args: [url] });
    expect(systemOpenCommand('win32', url)).toEqual({ command: 'rundll32', args: ['url.dll,FileProtocolHandler', url] });
  });
});

describe("describeWindow (what the terminal says, in the dealer's language)", () => {
  const url = 'http://127.0.0.1:5000/?key=k';

  it('names the address on a line of its own when there is no window, in English and in Portuguese', () => {
    const plan = launchPlan({ ...base, env: {} });
    expect(describeWindow(plan, url, textsIn('en'))).toEqual(['There is no display here: open this address in a browser on this computer:', `  ${url}`]);
    expect(describeWindow(plan, url, textsIn('pt-BR'))).toEqual(['Não há tela aqui: abra este endereço em um navegador neste computador:', `  ${url}`]);
  });

  it('says which browser shows the app window, and that closing it stops Showroom', () => {
    const [line] = describeWindow(launchPlan(base), url, textsIn('pt-BR'));
    expect(line).toBe('O Showroom abriu em uma janela própria (/usr/bin/chromium). Fechar essa janela encerra o Showroom.');
  });

  it('opened in the default browser: the login page to open again, not an address', () => {
    const lines = describeWindow(launchPlan({ ...base, browser: undefined }), url, textsIn('en'));
    expect(lines).toEqual([
      'Showroom opened in your web browser. If the page does not appear, open this file in a browser on this computer:',
      `  ${base.page}`,
    ]);
  });

  it('asked not to open (--no-open): the address, without claiming there is no display', () => {
    const lines = describeWindow(launchPlan({ ...base, noOpen: true }), url, textsIn('en'));
    expect(lines).toEqual(['Open this address in a browser on this computer:', `  ${url}`]);
  });
});

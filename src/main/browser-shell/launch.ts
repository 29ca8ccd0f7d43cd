// How the browser shell shows itself, and how it opens a listing in the dealer's browser. Pure
// decisions (test/browser-shell/launch.test.ts); ./index.ts runs the commands they name.
// - In a desktop session: Chromium or Chrome (or Edge on Windows) in app mode — a window of its
//   own, no tabs or address bar — with a browser profile folder inside the data folder, so the
//   session cookie and window size stay with Showroom and never mix with the dealer's browsing.
// - No such browser: the default browser, with a tab.
// - No display (a server, CI) or --no-open: print the address and keep serving.
// A window is opened on the private login page (./login-page.ts), never on the login address
// itself: every local account can read a process's command line.
import { posix, win32 } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Texts } from '../../shared/i18n/messages';
import { chromiumFeatureArgs } from '../shell/chromium-features';
import type { Env } from '../base/env';

export interface Command {
  command: string;
  args: string[];
}

export type LaunchPlan =
  { kind: 'print'; reason: 'asked' | 'no_display' } | ({ kind: 'app'; browser: string } & Command) | ({ kind: 'default'; page: string } & Command);

/** Whether a window can be shown: Linux and the other Unixes need X11 or Wayland; macOS and Windows always can. */
export function hasDisplay(platform: string, env: Env): boolean {
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** Where to look for a Chromium-family browser, most specific first. */
export function browserCandidates(platform: string, env: Env): string[] {
  if (platform === 'darwin') {
    return ['Google Chrome', 'Chromium', 'Microsoft Edge'].map((app) => posix.join('/Applications', `${app}.app`, 'Contents', 'MacOS', app));
  }
  if (platform === 'win32') {
    const roots = [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']].filter((r): r is string => Boolean(r));
    const apps = [
      ['Google', 'Chrome', 'Application', 'chrome.exe'],
      ['Chromium', 'Application', 'chrome.exe'],
      ['Microsoft', 'Edge', 'Application', 'msedge.exe'],
    ];
    return apps.flatMap((parts) => roots.map((root) => win32.join(root, ...parts)));
  }
  // Linux: names on the PATH, as the distributions install them.
  return ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'microsoft-edge'];
}

/** The command that opens a web page (an address, or a page file) in the dealer's default browser. */
export function systemOpenCommand(platform: string, url: string): Command {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  // rundll32's URL handler takes the address as one argument, with no shell in between: nothing
  // in a URL can be read as a command (cmd's `start` would parse & | ^ and %VAR%).
  if (platform === 'win32') return { command: 'rundll32', args: ['url.dll,FileProtocolHandler', url] };
  return { command: 'xdg-open', args: [url] };
}

export interface LaunchInput {
  platform: string;
  env: Env;
  /** --no-open */
  noOpen: boolean;
  /** The Chromium-family browser found, if any (see browserCandidates). */
  browser: string | undefined;
  /** Chromium refuses to run as root without --no-sandbox (CI, containers): only then is it passed. */
  isRoot: boolean;
  /** The private login page the window opens (the login address is inside it, never in a command). */
  page: string;
  /** The app window's own browser profile folder. */
  profileDir: string;
}

export function launchPlan(input: LaunchInput): LaunchPlan {
  if (input.noOpen) return { kind: 'print', reason: 'asked' };
  if (!hasDisplay(input.platform, input.env)) return { kind: 'print', reason: 'no_display' };
  if (input.browser) {
    return {
      kind: 'app',
      browser: input.browser,
      command: input.browser,
      args: [
        `--app=${pathToFileURL(input.page, { windows: input.platform === 'win32' }).href}`,
        `--user-data-dir=${input.profileDir}`,
        '--class=Showroom',
        '--no-first-run',
        '--no-default-browser-check',
        // The window shows a local page only: no Google services, updates or sync behind it.
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // As the Electron window runs: a keystroke's answer is not held behind the key's frame.
        ...chromiumFeatureArgs(),
        ...(input.isRoot ? ['--no-sandbox'] : []),
      ],
    };
  }
  return { kind: 'default', page: input.page, ...systemOpenCommand(input.platform, input.page) };
}

/**
 * What the terminal says about the window, in the dealer's language: where the app is, and how to
 * get back to it. `url` is printed only where nothing was opened: a login address, single-use and
 * short-lived. Pure.
 */
export function describeWindow(plan: LaunchPlan, url: string, t: Texts): string[] {
  switch (plan.kind) {
    case 'app':
      return [t('shell.openedApp', { browser: plan.browser })];
    case 'default':
      return [t('shell.openedDefault'), `  ${plan.page}`];
    case 'print':
      return [t(plan.reason === 'no_display' ? 'shell.noDisplay' : 'shell.openAddress'), `  ${url}`];
  }
}

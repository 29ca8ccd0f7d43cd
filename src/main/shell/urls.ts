// Which URLs the shell trusts, navigates to, or hands to the system browser.
// Pure decisions: index.ts wires them into Electron, test/shell checks them.

import type { AppError } from '../../shared/errors';
import { codedError } from '../../shared/i18n/messages';

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * Two URLs belong to the same app document: same origin for http(s) and standard custom
 * schemes; for file: (origin "null") the same path.
 */
function sameAppDocument(candidate: URL, app: URL): boolean {
  if (candidate.protocol !== app.protocol) return false;
  if (app.protocol === 'file:') return candidate.pathname === app.pathname && candidate.host === app.host;
  if (candidate.username || candidate.password) return false;
  return candidate.host === app.host;
}

/**
 * Whether an IPC message comes from our own renderer: the sender frame's URL must be the app's
 * document (not an iframe, not a page the window was tricked into loading).
 */
export function isTrustedSender(url: string, appUrl: string): boolean {
  const candidate = parse(url);
  const app = parse(appUrl);
  if (!candidate || !app) return false;
  return sameAppDocument(candidate, app);
}

/** `will-navigate`: the window only ever shows the app; in-app routing uses the hash or history. */
export function navigationDecision(url: string, appUrl: string): 'allow' | 'deny' {
  return isTrustedSender(url, appUrl) ? 'allow' : 'deny';
}

/**
 * A link the dealer clicked (a listing on the portal, the help page): only plain web pages go to
 * the system browser. javascript:, file:, data:, custom schemes (which could start other
 * programs) and URLs carrying credentials are refused.
 */
export function externalUrlDecision(url: unknown): 'open' | 'deny' {
  if (typeof url !== 'string' || url.length > 4096) return 'deny';
  // Control characters or whitespace inside a URL are never legitimate here and are how
  // scheme checks get fooled ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- control characters are what this check refuses
  if (/[\u0000-\u0020\u007f]/.test(url)) return 'deny';
  // Spelled out in full: "http:/x" or "//x" are repaired by URL parsers, not by us.
  if (!/^https?:\/\//i.test(url)) return 'deny';
  const parsed = parse(url);
  if (!parsed) return 'deny';
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'deny';
  if (parsed.username !== '' || parsed.password !== '') return 'deny';
  if (parsed.hostname === '') return 'deny';
  return 'open';
}

/** What refusing to open something that is not a web page says. */
export function notAWebPage(): AppError {
  return codedError('bad_input', { code: 'app.onlyWebPages' }, { reason: 'external_url_refused' });
}

/**
 * The `openExternal` the backend receives: the system browser for http(s) pages, a tagged
 * bad_input error for anything else, whatever the caller checked before.
 */
export function guardedOpenExternal(open: (url: string) => Promise<void>): (url: string) => Promise<void> {
  return async (url) => {
    if (externalUrlDecision(url) !== 'open') throw notAWebPage();
    await open(url);
  };
}

// How the shell opens its window without the login address on any command line (where every
// local account reads it, in `ps` or /proc/<pid>/cmdline): as Jupyter does, it writes a small page
// that redirects to the address, in a folder and a file only the dealer's account can read, and
// opens that file instead. The address inside is single-use and short-lived (./login-tickets.ts).
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** The page's folder inside the data folder: created 0700. */
export const LOGIN_PAGE_DIR = 'browser-login';
/** A fixed name: the app window's browser keys its saved size and place on the address it opens. */
export const LOGIN_PAGE_FILE = 'open.html';

export function loginPagePath(dataDir: string): string {
  return join(dataDir, LOGIN_PAGE_DIR, LOGIN_PAGE_FILE);
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function loginPageHtml(url: string): string {
  const href = escapeHtml(url);
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${href}"><title>Showroom</title></head>
<body><a href="${href}">Showroom</a></body></html>
`;
}

/**
 * Writes the page for `url` at `file`, readable by the dealer's account only: the folder is made
 * (or made again) 0700, the page created 0600 under a new name and renamed over the old one, so a
 * browser reading it never sees half a page and no other account can swap a link in.
 */
export async function writeLoginPage(file: string, url: string): Promise<void> {
  const dir = dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode is cut by the umask and leaves an existing folder as it was.
  if (process.platform !== 'win32') await chmod(dir, 0o700);
  const temporary = join(dir, `.${randomBytes(8).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(loginPageHtml(url));
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
}

export async function removeLoginPage(file: string): Promise<void> {
  await rm(file, { force: true });
}

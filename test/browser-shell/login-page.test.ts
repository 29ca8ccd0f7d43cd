// The private page the app window opens instead of a login address on its command line.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loginPageHtml, loginPagePath, removeLoginPage, writeLoginPage } from '../../src/main/browser-shell/login-page';

const modes = process.platform !== 'win32';
const dataDir = () => mkdtempSync(join(tmpdir(), 'showroom-login-page-'));

describe('the login page', () => {
  it('is written 0600 in a 0700 folder inside the data folder, and redirects to the address', async () => {
    const page = loginPagePath(dataDir());
    await writeLoginPage(page, 'http://127.0.0.1:5000/?key=abc');
    if (modes) {
      expect(statSync(page).mode & 0o777).toBe(0o600);
      expect(statSync(dirname(page)).mode & 0o777).toBe(0o700);
    }
    expect(readFileSync(page, 'utf8')).toContain('<meta http-equiv="refresh" content="0;url=http://127.0.0.1:5000/?key=abc">');
  });

  it('tightens a folder an earlier run (or another program) left open, and replaces the page whole', async () => {
    const page = loginPagePath(dataDir());
    mkdirSync(dirname(page), { recursive: true, mode: 0o755 });
    if (modes) chmodSync(dirname(page), 0o755);
    await writeLoginPage(page, 'http://127.0.0.1:5000/?key=first');
    await writeLoginPage(page, 'http://127.0.0.1:5000/?key=second');
    if (modes) expect(statSync(dirname(page)).mode & 0o777).toBe(0o700);
    expect(readFileSync(page, 'utf8')).toContain('key=second');
    expect(readFileSync(page, 'utf8')).not.toContain('key=first');
    // No temporary file left beside it.
    expect(readdirSync(dirname(page))).toEqual(['open.html']);
    await removeLoginPage(page);
    expect(readdirSync(dirname(page))).toEqual([]);
  });

  it('keeps an address as one attribute value', () => {
    const html = loginPageHtml('http://x/?a="><script>1</script>&b=\'');
    expect(html).not.toContain('<script>');
    expect(html).toContain('href="http://x/?a=&quot;&gt;&lt;script&gt;1&lt;/script&gt;&amp;b=&#39;"');
  });
});

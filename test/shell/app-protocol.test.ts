import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, appFilePath, createAppHandler } from '../../src/main/shell/app-protocol';

let base: string;
let root: string;
const CSP = "default-src 'none'";

beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'showroom-app-')));
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Showroom</title>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(base, 'secret.txt'), 'secret');
});

describe('app protocol handler', () => {
  const handle = () => createAppHandler({ root, csp: CSP });

  it('serves the renderer with our CSP header', async () => {
    const res = await handle()(new Request(APP_URL));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(CSP);
    expect(await res.text()).toContain('Showroom');
    const js = await handle()(new Request('showroom-app://app/assets/index-abc.js'));
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('maps / to index.html', () => {
    expect(appFilePath('showroom-app://app/')).toBe('index.html');
    expect(appFilePath('showroom-app://app/index.html#/x')).toBe('index.html');
  });

  it('refuses other hosts, traversal, unknown types and missing files', async () => {
    for (const url of [
      'showroom-app://evil/index.html',
      'showroom-app://app/../secret.txt',
      'showroom-app://app/%2e%2e/secret.txt',
      'showroom-app://app/assets/..%2f..%2fsecret.txt',
      'showroom-app://app/missing.js',
      'showroom-app://app/assets/',
      'showroom-app://app/index.exe',
    ]) {
      expect((await handle()(new Request(url))).status, url).toBe(404);
    }
  });

  it('answers for another origin when told (the e2e harness serves it over loopback http)', async () => {
    const res = await createAppHandler({ root, csp: CSP, origin: 'http://127.0.0.1:4321' })(new Request('http://127.0.0.1:4321/'));
    expect(res.status).toBe(200);
    expect((await createAppHandler({ root, csp: CSP, origin: 'http://127.0.0.1:4321' })(new Request('http://127.0.0.1:9999/'))).status).toBe(404);
  });
});

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_URL } from '../../src/main/shell/app-protocol';
import { appPaths, rendererUrl } from '../../src/main/shell/paths';

describe('paths', () => {
  it('keeps logs and the window state inside the profile folder', () => {
    expect(appPaths('/u')).toEqual({
      userData: '/u',
      logs: join('/u', 'logs'),
      windowState: join('/u', 'window-state.json'),
      downloads: join('/u', 'downloads'),
    });
  });

  it('shows the dev server only in an unpackaged app, and only on loopback', () => {
    expect(rendererUrl({ packaged: false, devServerUrl: 'http://localhost:5173/' })).toEqual({ url: 'http://localhost:5173/', dev: true });
    expect(rendererUrl({ packaged: true, devServerUrl: 'http://localhost:5173/' })).toEqual({ url: APP_URL, dev: false });
    expect(rendererUrl({ packaged: false, devServerUrl: 'https://evil.example/' })).toEqual({ url: APP_URL, dev: false });
    expect(rendererUrl({ packaged: false, devServerUrl: 'file:///tmp/x.html' })).toEqual({ url: APP_URL, dev: false });
    expect(rendererUrl({ packaged: false })).toEqual({ url: APP_URL, dev: false });
  });
});

import { describe, expect, it } from 'vitest';
import { publishConfig, updateDecision } from '../../src/main/shell/updates';

describe('updateDecision', () => {
  const base = { packaged: true, platform: 'win32' as NodeJS.Platform, feedConfigured: true, env: {} };
  it('checks only in a packaged app built with a feed', () => {
    expect(updateDecision(base)).toEqual({ check: true });
    expect(updateDecision({ ...base, packaged: false })).toEqual({ check: false, reason: 'development' });
    expect(updateDecision({ ...base, feedConfigured: false })).toEqual({ check: false, reason: 'no-feed' });
    expect(updateDecision({ ...base, env: { SHOWROOM_DISABLE_UPDATES: '1' } })).toEqual({ check: false, reason: 'disabled' });
  });
  it('on Linux, only the AppImage updates itself; the deb is left to the package manager', () => {
    expect(updateDecision({ ...base, platform: 'linux' })).toEqual({ check: false, reason: 'package-manager' });
    expect(updateDecision({ ...base, platform: 'linux', env: { APPIMAGE: '/home/ana/Showroom.AppImage' } })).toEqual({ check: true });
  });
});

describe('publishConfig (SHOWROOM_UPDATE_FEED at packaging time)', () => {
  it('off without a feed, or with one that is neither github:owner/repo nor https', () => {
    for (const feed of [undefined, '', '  ', 'http://insecure.example/updates', 'github:', 'github:a/b/c', 'ftp://x']) expect(publishConfig(feed)).toBeNull();
  });
  it('the pipeline’s GitHub releases, or a generic https server', () => {
    expect(publishConfig('github:acme/showroom')).toEqual({ provider: 'github', owner: 'acme', repo: 'showroom', releaseType: 'release' });
    expect(publishConfig('https://updates.example/showroom/')).toEqual({ provider: 'generic', url: 'https://updates.example/showroom/' });
  });
});

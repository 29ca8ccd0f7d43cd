// Automatic updates (electron-updater) from the release pipeline's GitHub releases. They stay off
// until a feed is configured at packaging time (SHOWROOM_UPDATE_FEED, see build/packaging.ts):
// electron-builder then writes resources/app-update.yml, which is what electron-updater reads.
// Pure: index.ts passes in what it found and starts the updater only on 'check'.

export interface UpdateInput {
  packaged: boolean;
  platform: NodeJS.Platform;
  /** resources/app-update.yml exists (a feed was configured when the package was built). */
  feedConfigured: boolean;
  env: Readonly<Record<string, string | undefined>>;
}

export type UpdateDecision = { check: true } | { check: false; reason: 'development' | 'no-feed' | 'disabled' | 'package-manager' };

export function updateDecision({ packaged, platform, feedConfigured, env }: UpdateInput): UpdateDecision {
  if (!packaged) return { check: false, reason: 'development' };
  if (!feedConfigured) return { check: false, reason: 'no-feed' };
  // An administrator (or a test) can turn updates off for one installation.
  if (env.SHOWROOM_DISABLE_UPDATES === '1') return { check: false, reason: 'disabled' };
  // On Linux only the AppImage updates itself (electron-updater sets nothing else up); the deb is
  // updated by installing the new package, as the system's packages are.
  if (platform === 'linux' && !env.APPIMAGE) return { check: false, reason: 'package-manager' };
  return { check: true };
}

/**
 * Where updates come from, as electron-builder's `publish` setting: "github:<owner>/<repo>" (the
 * release pipeline's releases) or an https URL serving latest.yml and the installers (a generic
 * server). Anything else, or nothing: no feed, and the app never checks.
 */
export type PublishConfig = { provider: 'github'; owner: string; repo: string; releaseType: 'release' } | { provider: 'generic'; url: string };

export function publishConfig(feed: string | undefined): PublishConfig | null {
  const value = feed?.trim();
  if (!value) return null;
  const github = /^github:([A-Za-z0-9-]{1,39})\/([A-Za-z0-9._-]{1,100})$/.exec(value);
  if (github?.[1] !== undefined && github[2] !== undefined) return { provider: 'github', owner: github[1], repo: github[2], releaseType: 'release' };
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') return { provider: 'generic', url: url.href };
  } catch {
    // not a URL: no feed
  }
  return null;
}

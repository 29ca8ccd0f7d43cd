// The Chromium that the end-to-end tests and the renderer benches drive, in one place
// (playwright.config.ts, test/e2e/chromium-features.spec.ts, bench/lib/renderer-app.ts).
// Debian's Chromium: Playwright's own browser download does not work on these machines.

/** The Chromium binary; SHOWROOM_CHROMIUM points elsewhere (another Chromium or Chrome). */
export const CHROMIUM_PATH = process.env.SHOWROOM_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Headless on a shared machine, as root, without a GPU: no sandbox (root), no GPU process, and
 * nothing Chromium would fetch or update on its own while a test or a benchmark runs. Chromium's
 * defaults otherwise; the app window's own switches are src/main/shell/chromium-features.ts.
 */
export const CHROMIUM_TEST_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

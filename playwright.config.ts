// End-to-end tests: the built renderer (out/renderer) in Debian's Chromium, with the real bridge
// and backend behind it (test/e2e/fixtures.ts). `npm test` builds first; alone:
//   npx electron-vite build && npx playwright test
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH, CHROMIUM_TEST_ARGS } from './test/e2e/harness/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  // Every screen in both languages at two sizes, for people to look at (npm run screens): 3–4 minutes
  // that the suite's own specs already cover in layout, axe and behaviour, so not part of npm test.
  testIgnore: process.env.SHOWROOM_SCREENS ? [] : ['**/screens.spec.ts'],
  outputDir: 'test-results',
  // Two spec files at a time on two cores: a test spends much of its time waiting on the backend,
  // the sandbox and the bridge; each file runs in its own worker, with its own data folder.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: [...CHROMIUM_TEST_ARGS],
        },
      },
    },
  ],
});

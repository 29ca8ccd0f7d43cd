// The Electron launch suite (test/electron): the built app in the real Electron binary.
// Run it with `node scripts/electron-suite.mjs`, which says plainly when it cannot run
// (no Electron binary, no display).
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'test/electron',
  outputDir: 'test-results/electron',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: { trace: 'retain-on-failure' },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'test/electron/**', 'node_modules/**'],
    // Native addons (better-sqlite3, keytar) and child processes: forks isolate them best.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

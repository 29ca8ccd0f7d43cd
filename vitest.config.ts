import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'test/electron/**', 'node_modules/**'],
    // Native addons (better-sqlite3, keytar) and child processes: forks isolate them best.
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
    // Most files wait on child processes, worker threads and loopback sockets: two at a time keep
    // both cores busy (the default here is one fewer than the cores).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

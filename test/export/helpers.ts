// Export tests' setting: the machine's time zone pinned (dates are written in local time; São Paulo
// is UTC-3, and UTC-2 in the summers of daylight saving until 2019) and a fresh cache in a temp
// folder for each test.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Cache } from '../../src/main/cache/index';
import { openTestCache, tempDir, type TempDir } from '../cache/helpers';

export interface ExportTestCache {
  readonly t: TempDir;
  readonly cache: Cache;
}

/** Call at the top of a test file: the hooks give each test its own cache, read through the getters. */
export function exportTestCache(): ExportTestCache {
  const previousTz = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/Sao_Paulo';
  });
  afterAll(() => {
    process.env.TZ = previousTz;
  });
  let t: TempDir | undefined;
  let cache: Cache | undefined;
  beforeEach(() => {
    t = tempDir();
    cache = openTestCache(t);
  });
  afterEach(() => {
    cache?.close();
    t?.cleanup();
  });
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the export test cache is opened in beforeEach');
    return value;
  };
  return {
    get t() {
      return opened(t);
    },
    get cache() {
      return opened(cache);
    },
  };
}

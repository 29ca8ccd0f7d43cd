// A new file switched to WAL while another connection holds its write lock (issue 28, item 6: two
// first syncs into an empty data folder). SQLite answers the switch SQLITE_BUSY at once there,
// without waiting; the switch must wait for the other and succeed.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { switchToWal } from '../../src/main/cache/wal-mode';
import { tempDir, type TempDir } from './helpers';

let t: TempDir;
beforeEach(() => {
  t = tempDir();
});
afterEach(() => t.cleanup());

/**
 * Another thread that takes the file's write lock, says "locked", and lets go a moment after being
 * told "start": by then this thread is inside the switch (it calls it right after telling).
 */
const HOLDER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
db.exec('BEGIN IMMEDIATE; CREATE TABLE other (x)');
parentPort.postMessage('locked');
parentPort.once('message', () => setTimeout(() => {
  db.exec('COMMIT');
  db.close();
  parentPort.close();
}, 200));
`;

it('switching a new file to WAL waits for another connection holding its write lock', async () => {
  const file = t.file('cache.sqlite');
  const holder = new Worker(HOLDER, { eval: true, workerData: { file, module: createRequire(import.meta.url).resolve('better-sqlite3') } });
  await new Promise((resolve) => holder.once('message', resolve));
  const db = new Database(file, { timeout: 5_000 });
  // SQLite refuses at once, busy timeout or not: the situation the switch must get through.
  expect(() => db.pragma('journal_mode = WAL')).toThrow(/locked/);
  holder.postMessage('start');
  switchToWal(db, 'main');
  expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
  expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'other'").pluck().get()).toBe('other');
  db.close();
  await holder.terminate();
});

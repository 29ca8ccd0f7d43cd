// One browser shell per data folder: the record a running shell leaves, taken over when stale.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimInstance, INSTANCE_FILE, runningInstance, systemLiveness, type Liveness } from '../../src/main/browser-shell/instance';

const dirs: string[] = [];
const servers: Server[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'showroom-instance-'));
  dirs.push(dir);
  return dir;
};
const record = (pid: number, port: number) => ({ pid, port, key: 'k', startedAt: '2026-11-22T00:00:00.000Z' });
const alive = (up: boolean): Liveness => ({ isAlive: () => true, isListening: async () => up });

afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

describe('claimInstance', () => {
  it('claims an empty folder with a record only the dealer can read, and releases it', async () => {
    const dir = folder();
    const claim = await claimInstance(dir, record(process.pid, 5000));
    expect(claim.claimed).toBe(true);
    const file = join(dir, INSTANCE_FILE);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, port: 5000 });
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    if (claim.claimed) await claim.release();
    expect(() => statSync(file)).toThrow();
  });

  it('tells a second shell which one runs, while that one answers', async () => {
    const dir = folder();
    writeFileSync(join(dir, INSTANCE_FILE), JSON.stringify(record(999_999, 5001)));
    const claim = await claimInstance(dir, record(process.pid, 5002), alive(true));
    expect(claim).toEqual({ claimed: false, running: record(999_999, 5001) });
  });

  it("still sees an earlier version's running shell (a record with its login address instead of a key)", async () => {
    const dir = folder();
    const earlier = { pid: 999_999, port: 5001, url: 'http://127.0.0.1:5001/?key=k', startedAt: '2026-11-22T00:00:00.000Z' };
    writeFileSync(join(dir, INSTANCE_FILE), JSON.stringify(earlier));
    const claim = await claimInstance(dir, record(process.pid, 5002), alive(true));
    expect(claim).toMatchObject({ claimed: false, running: { pid: 999_999, port: 5001 } });
  });

  it('takes over a stale record: a process gone, a port that no longer answers, or a torn file', async () => {
    for (const [content, liveness] of [
      [JSON.stringify(record(999_999, 5001)), { isAlive: () => false, isListening: async () => true }],
      [JSON.stringify(record(999_999, 5001)), alive(false)],
      ['{"pid": 12', alive(true)],
    ] as const) {
      const dir = folder();
      writeFileSync(join(dir, INSTANCE_FILE), content);
      const claim = await claimInstance(dir, record(process.pid, 5003), liveness);
      expect(claim.claimed).toBe(true);
      expect((JSON.parse(readFileSync(join(dir, INSTANCE_FILE), 'utf8')) as { port: unknown }).port).toBe(5003);
    }
  });

  it('release leaves a record that is not its own', async () => {
    const dir = folder();
    const claim = await claimInstance(dir, record(process.pid, 5004));
    writeFileSync(join(dir, INSTANCE_FILE), JSON.stringify(record(4242, 6000)));
    if (claim.claimed) await claim.release();
    expect((JSON.parse(readFileSync(join(dir, INSTANCE_FILE), 'utf8')) as { pid: unknown }).pid).toBe(4242);
  });
});

describe('runningInstance with the system liveness check', () => {
  it('finds a live process listening on its port, and nothing once the port closes', async () => {
    const server = createServer();
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const dir = folder();
    // The parent process stands in for another shell (our own pid is never "another").
    writeFileSync(join(dir, INSTANCE_FILE), JSON.stringify(record(process.ppid, port)));
    expect(await runningInstance(dir, systemLiveness)).toMatchObject({ port });
    await new Promise((resolve) => server.close(resolve));
    servers.pop();
    expect(await runningInstance(dir, systemLiveness)).toBeUndefined();
  });
});

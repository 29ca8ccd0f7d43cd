// The dealer's unpublish: intent first, then delivery (issue 12, defect 5). The ledger's change is on
// disk before any request goes out, and a send cut short by a kill is checked against the portal
// before it is sent again: the portal gets one DELETE, not two.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { openCache, type PendingChange } from '../../src/main/cache';
import { createChanges } from '../../src/main/changes/ledger';
import { startHttpServer, type LocalServer } from '../portal/servers';
import { rig, sleep } from './helpers';

const ROOT = join(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CHILD = join(ROOT, 'test/sync/fixtures/unpublish-child.ts');
const DELETE_ROUTE = 'DELETE /publications/:reference';

/** Starts the unpublish child; resolves with a way to kill its process group. */
function unpublishInChild(file: string, baseUrl: string, token: string, reference: string): Promise<{ kill(): Promise<void>; done: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [CHILD, file, baseUrl, token, reference], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const exited = new Promise<void>((r) => child.on('exit', () => r()));
    let last = '';
    createInterface({ input: child.stdout }).on('line', (line) => {
      last = line;
      if (line === 'unpublishing')
        resolve({
          kill: async () => {
            process.kill(-(child.pid ?? 0), 'SIGKILL');
            await exited;
          },
          done: exited.then(() => last),
        });
    });
    child.on('error', reject);
  });
}

/**
 * A loopback proxy in front of the sandbox that passes every request on, but keeps the answer to
 * a DELETE to itself: the portal has the unpublish, the client never hears the 202.
 */
function swallowingDeleteAnswers(sandboxBaseUrl: string): Promise<LocalServer> {
  const origin = new URL(sandboxBaseUrl).origin;
  return startHttpServer((req, res) => {
    void (async () => {
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'token', 'accept']) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const upstream = await fetch(origin + (req.url ?? '/'), { method: req.method, headers });
      const body = Buffer.from(await upstream.arrayBuffer());
      if (req.method === 'DELETE') return; // the answer never comes back
      const out: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'connection') out[name] = value;
      });
      res.writeHead(upstream.status, out);
      res.end(body);
    })().catch(() => res.destroy());
  });
}

/** What another connection (another process would see the same) reads in the ledger now. */
function ledgerSeenFromOutside(file: string): PendingChange[] {
  const other = openCache(file, { integrityCheck: false });
  try {
    return other.ledger.recent();
  } finally {
    other.close();
  }
}

async function until<T>(read: () => T | undefined, ms: number): Promise<T | undefined> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined || Date.now() > end) return value;
    await sleep(50);
  }
}

describe('unpublish: intent first, then delivery', () => {
  it('the entry is on disk before the request goes out; killed before the answer, it is checked, not sent twice', { timeout: 60_000 }, async () => {
    const r = await rig({ sandbox: { vehicles: 30, seed: 41 } });
    await r.engine.run({ kind: 'full' });
    const target = r.sb.data.list().find((v) => v.publication !== null)!.reference;
    r.cache.close();
    const proxy = await swallowingDeleteAnswers(r.sb.baseUrl);
    const child = await unpublishInChild(r.file, `${proxy.url}/integration/v2`, r.sb.integrationToken, target);
    // On disk, and marked as being sent, while the request waits for its answer.
    const entry = await until(() => ledgerSeenFromOutside(r.file).find((e) => e.reference === target && e.sendingSince !== null), 10_000);
    expect(entry).toMatchObject({ reference: target, status: 'sending' });
    // The portal has taken the DELETE; the process is killed before it hears so.
    await until(() => (r.sb.stats.count(DELETE_ROUTE) > 0 ? true : undefined), 10_000);
    await child.kill();
    await proxy.close();
    expect(r.sb.stats.count(DELETE_ROUTE)).toBe(1);
    const deletesBefore = r.sb.stats.count(DELETE_ROUTE);

    const again = await rig({ sb: r.sb, file: r.file });
    const flushed = await again.engine.flushChanges();
    expect(flushed).toMatchObject({ sent: { unpublish: 1 }, remaining: 0 });
    // Read first: the portal already had it, so no second DELETE.
    expect(r.sb.stats.count(DELETE_ROUTE)).toBe(deletesBefore);
    expect(again.cache.ledger.recent().find((e) => e.reference === target)).toMatchObject({ status: 'sent', sendingSince: null });
    again.cache.close();
    await r.sb.close();
  });

  it('a send cut short before it reached the portal is sent at the next flush', { timeout: 60_000 }, async () => {
    const r = await rig({ sandbox: { vehicles: 30, seed: 42 } });
    await r.engine.run({ kind: 'full' });
    const target = r.sb.data.list().find((v) => v.publication !== null)!.reference;
    // As a kill between "sending" and the request would leave it.
    const entry = createChanges(r.cache).save('unpublish', target, {});
    r.cache.ledger.markSending(entry.id);
    const flushed = await r.engine.flushChanges();
    expect(flushed).toMatchObject({ sent: { unpublish: 1 }, remaining: 0 });
    expect(r.sb.stats.count(DELETE_ROUTE)).toBe(1);
    expect(r.cache.getVehicle(target)?.row.portal).toBe('pending');
    r.cache.close();
    await r.sb.close();
  });
});

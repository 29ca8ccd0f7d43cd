// One browser shell per data folder: the running one leaves a small record (its pid, port and the
// key that gets a fresh login address from it) in the data folder, readable by the dealer's
// account only, and a second start opens that one instead of opening the same databases twice. A
// record whose process is gone or whose port no longer answers is stale and taken over.
import { constants } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { request } from 'node:http';
import { LOGIN_ADDRESS_ROUTE, shellHost, shellOrigin } from './auth';

export const INSTANCE_FILE = 'browser-shell.json';

export interface InstanceRecord {
  pid: number;
  port: number;
  /** Shown to the running shell for a fresh login address (LOGIN_ADDRESS_ROUTE): the file is 0600. Absent in an earlier version's record. */
  key?: string;
  startedAt: string;
}

export interface Liveness {
  isAlive(pid: number): boolean;
  isListening(port: number): Promise<boolean>;
}

export const systemLiveness: Liveness = {
  isAlive(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      // EPERM: alive, but someone else's (then it is not ours either way, but it is not stale).
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  },
  isListening(port) {
    return new Promise((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      const done = (up: boolean) => {
        socket.destroy();
        resolve(up);
      };
      socket.setTimeout(1000, () => done(false));
      socket.once('connect', () => done(true));
      socket.once('error', () => done(false));
    });
  },
};

function parseRecord(text: string): InstanceRecord | undefined {
  try {
    const value = JSON.parse(text) as Partial<InstanceRecord>;
    if (
      Number.isSafeInteger(value.pid) &&
      Number.isSafeInteger(value.port) &&
      (value.key === undefined || typeof value.key === 'string') &&
      typeof value.startedAt === 'string'
    )
      return value as InstanceRecord;
  } catch {
    // A torn or foreign file: stale.
  }
  return undefined;
}

/** The shell already serving this data folder, if one is. */
export async function runningInstance(dataDir: string, liveness: Liveness = systemLiveness): Promise<InstanceRecord | undefined> {
  let text: string;
  try {
    text = await readFile(join(dataDir, INSTANCE_FILE), 'utf8');
  } catch {
    return undefined;
  }
  const record = parseRecord(text);
  if (!record || record.pid === process.pid || !liveness.isAlive(record.pid)) return undefined;
  return (await liveness.isListening(record.port)) ? record : undefined;
}

/**
 * A fresh, single-use login address from the running shell, or undefined if it gives none. Over
 * node:http, straight to 127.0.0.1: no proxy from the environment is ever asked.
 */
export function requestLoginUrl(record: InstanceRecord, timeoutMs = 5000): Promise<string | undefined> {
  const { key } = record;
  if (!key) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: record.port,
        path: LOGIN_ADDRESS_ROUTE,
        method: 'POST',
        headers: { Host: shellHost(record.port), Authorization: `Bearer ${key}` },
        timeout: timeoutMs,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body = (body + chunk).slice(0, 4096)));
        res.on('end', () => resolve(res.statusCode === 200 && body.startsWith(`${shellOrigin(record.port)}/`) ? body : undefined));
        res.on('error', () => resolve(undefined));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(undefined));
    req.end();
  });
}

export type Claim = { claimed: true; release(): Promise<void> } | { claimed: false; running: InstanceRecord };

/**
 * Records this process as the data folder's shell. Created exclusively, so of two shells starting
 * at once exactly one wins; the other is told which one runs.
 */
export async function claimInstance(dataDir: string, record: InstanceRecord, liveness: Liveness = systemLiveness): Promise<Claim> {
  const file = join(dataDir, INSTANCE_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
      try {
        await handle.writeFile(`${JSON.stringify(record)}\n`);
      } finally {
        await handle.close();
      }
      return {
        claimed: true,
        async release() {
          // Only our own record: a shell that took over a stale one keeps its own.
          const current = parseRecord(await readFile(file, 'utf8').catch(() => ''));
          if (current?.pid === record.pid && current.port === record.port) await rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const running = await runningInstance(dataDir, liveness);
    if (running) return { claimed: false, running };
    await rm(file, { force: true });
  }
  throw new Error(`Could not claim ${file}: another Showroom keeps recreating it.`);
}

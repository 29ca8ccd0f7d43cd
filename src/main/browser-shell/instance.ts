// One browser shell per data folder: the running one leaves a small record (its pid, port and the
// login address) in the data folder, readable by the dealer's account only, and a second start
// opens that one instead of opening the same databases twice. A record whose process is gone or
// whose port no longer answers is stale and taken over.
import { constants } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';

export const INSTANCE_FILE = 'browser-shell.json';

export interface InstanceRecord {
  pid: number;
  port: number;
  /** The login address (with the per-launch secret): the file is 0600. */
  url: string;
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
    if (Number.isSafeInteger(value.pid) && Number.isSafeInteger(value.port) && typeof value.url === 'string' && typeof value.startedAt === 'string')
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

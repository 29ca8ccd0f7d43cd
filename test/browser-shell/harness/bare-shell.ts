// The browser shell's real server (cookie, Host, Origin and request-target checks, login
// addresses, the WebSocket bridge) on a one-page renderer and stub handlers: what the tests of its
// HTTP surface talk to over loopback, in this process or in a child (./serve-bare-shell.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { createEventHub } from '../../../src/main/ipc/events';
import { startShellServer, type ShellServer, type ShellServerOptions } from '../../../src/main/browser-shell/server';
import { createFileLogger } from '../../../src/main/base/logger';
import { stubHandlers } from '../../ipc/stub-handlers';

export async function startBareShell(dir: string, options: Partial<ShellServerOptions> = {}): Promise<ShellServer> {
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><html><head><title>Showroom</title></head><body>app</body></html>');
  return startShellServer({
    handlers: stubHandlers(),
    hub: createEventHub(),
    photos: () => undefined,
    rendererDir,
    logger: createFileLogger({ dir: join(dir, 'logs') }),
    ...options,
  });
}

export interface ExchangeOptions {
  /** Half-close after sending, as a client with nothing more to say (the server then ends an incomplete request). */
  end?: boolean;
  /** Give up on a silent server after this long (the answer is then status -1). */
  idleMs?: number;
}

/**
 * Sends `text` on a fresh connection and reads until the answer's head is complete or the server
 * closes: the status code and the head; 0 when the server closed without a status line.
 */
export function exchange(port: number, text: string | Buffer, options: ExchangeOptions = {}): Promise<{ status: number; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    let settled = false;
    const done = (status?: number) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      const head = received.split('\r\n\r\n')[0] ?? '';
      resolve({ status: status ?? Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), head });
    };
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n\r\n')) done();
    });
    socket.on('end', () => done());
    socket.on('close', () => done());
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? done() : reject(error)));
    if (options.idleMs !== undefined) socket.setTimeout(options.idleMs, () => done(-1));
    socket.write(text);
    if (options.end) socket.end();
  });
}

/** A request's text: the request line, then each header as given (duplicates kept), then an empty line. */
export function requestText(line: string, headers: [string, string][]): string {
  return `${line}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
}

/** The headers a WebSocket upgrade to the bridge carries. */
export const UPGRADE_HEADERS: [string, string][] = [
  ['Connection', 'Upgrade'],
  ['Upgrade', 'websocket'],
  ['Sec-WebSocket-Version', '13'],
  ['Sec-WebSocket-Key', 'dGhlIHNhbXBsZSBub25jZQ=='],
];

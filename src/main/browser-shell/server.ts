// The browser shell's server: the renderer as electron-vite built it, the bridge over one
// WebSocket, and the photo route, on 127.0.0.1 only. Everything the renderer reaches goes through
// the same pieces as in Electron: the app protocol's file handler and CSP, the gate (input
// validation, tagged and redacted errors), the photo protocol's handler (opaque ids, path
// containment). What is new here is only the transport and who may use it (./auth.ts).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { create as contentDisposition } from 'content-disposition';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { BRIDGE_PATH, decodeInvoke, encodeMessage, MAX_MESSAGE_BYTES, type ShellMessage } from '../../shared/bridge-wire';
import { codedError } from '../../shared/i18n/messages';
import { PHOTO_ROUTE_BASE } from '../../shared/photo-url';
import type { EventHub } from '../ipc/events';
import { createGate, type Gate, type Handlers, type Sender } from '../ipc/gate';
import { createAppHandler } from '../shell/app-protocol';
import { contentSecurityPolicy } from '../shell/csp';
import type { Logger } from '../base/logger';
import { createPhotoHandler, type PhotoResolver } from '../shell/photo-protocol';
import { textsIn, type Texts } from '../../shared/i18n/messages';
import {
  admitRequest,
  admitUpgrade,
  cookieName,
  createSecret,
  isSecret,
  LOGIN_ADDRESS_ROUTE,
  loginUrl,
  readCookie,
  sessionCookie,
  shellHost,
  shellOrigin,
  type Refusal,
} from './auth';
import { DOWNLOAD_ROUTE, type Downloads } from './downloads';
import { withBridgeScript } from './index-html';
import { createLoginTickets } from './login-tickets';
import { readTarget } from './request-target';

export interface ShellServerOptions {
  handlers: Handlers;
  hub: EventHub;
  /** The active account's photo cache, if any (the account can change). */
  photos: () => { root: string; resolve: PhotoResolver } | undefined;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  logger: Logger;
  /** 0 (default): a port the OS chooses. */
  port?: number;
  /** Told each photo request the handler refused, and why (logged as well). */
  onPhotoRefused?: (url: string, reason: string) => void;
  /** The one-time downloads (exports) served at /download/<id>; absent: none. */
  downloads?: Downloads;
  /** The language of the few pages the shell answers itself (a refusal); default English. */
  texts?: Texts;
  /** How long a login address stays valid (./login-tickets.ts), and the clock it is measured on. */
  loginTtlMs?: number;
  now?: () => number;
}

export interface ShellServer {
  origin: string;
  port: number;
  /** A fresh address that logs a browser in: once, within a short time. */
  loginUrl(): string;
  /** What another start on the same data folder shows to get a login address (LOGIN_ADDRESS_ROUTE); kept in the private instance record only. */
  instanceKey: string;
  /** The gate every bridge call goes through (tests call it as the renderer would). */
  gate: Gate;
  /** The renderer's sender as the gate sees it. */
  sender: Sender;
  /** Browser windows connected to the bridge right now. */
  clients(): number;
  /** Called with the new count whenever a window connects or disconnects. */
  onClients(listener: (count: number) => void): void;
  /** Closes every bridge socket (code 1001, "going away") and stops listening. */
  close(): Promise<void>;
}

/** Headers on every answer: no sniffing, no referrer (a login address holds a ticket), no framing, no CORS ever. */
const BASE_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** The dictionary's text for each refusal a browser may show the dealer. */
const REFUSAL_CODE = {
  wrong_host: 'shell.refusedHost',
  no_session: 'shell.refusedSession',
  foreign_origin: 'shell.refused',
  login_used: 'shell.loginUsed',
  bad_request: 'shell.badRequest',
} as const satisfies Record<Refusal | 'login_used' | 'bad_request', string>;

function send(res: ServerResponse, status: number, headers: Record<string, string> = {}, body?: string): void {
  res.writeHead(status, {
    ...BASE_HEADERS,
    'Cache-Control': 'no-store',
    ...(body === undefined ? {} : { 'Content-Type': 'text/plain; charset=utf-8' }),
    ...headers,
  });
  res.end(body);
}

async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, { ...BASE_HEADERS, ...Object.fromEntries(response.headers) });
  res.end(body);
}

/**
 * The answer to a login address: the cookie, and a page that goes on to the app. Not a redirect:
 * a window opened on the private login page (a file) starts a cross-site navigation, and the
 * browser would not send a SameSite=Strict cookie along a redirect of it; from this page, on the
 * shell's own origin, it does. The app's address replaces the login address in the address bar,
 * and Referrer-Policy keeps the ticket out of the next request.
 */
function enterApp(res: ServerResponse, headers: Record<string, string> = {}): void {
  send(
    res,
    200,
    { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'", ...headers },
    '<!doctype html><meta http-equiv="refresh" content="0;url=/"><title>Showroom</title>',
  );
}

const UPGRADE_REFUSAL = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found' } as const;

function refuseUpgrade(socket: Socket, status: keyof typeof UPGRADE_REFUSAL): void {
  socket.end(`HTTP/1.1 ${status} ${UPGRADE_REFUSAL[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export async function startShellServer(options: ShellServerOptions): Promise<ShellServer> {
  const log = options.logger;
  const t = options.texts ?? textsIn('en');
  const secret = createSecret();
  const instanceKey = createSecret();
  log.addSecret(secret);
  log.addSecret(instanceKey);
  const tickets = createLoginTickets({ ttlMs: options.loginTtlMs, now: options.now });

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Loopback only: nothing on the network can reach the shell.
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const origin = shellOrigin(port);
  const keys = { port, secret };
  const appUrl = `${origin}/index.html`;
  const sender: Sender = { url: appUrl, frameIsMain: true };
  const gate = createGate(options.handlers, { appUrl, logger: log.child('ipc') });
  const csp = contentSecurityPolicy({ dev: false, bridgeUrl: `ws://127.0.0.1:${port}${BRIDGE_PATH}` });
  const appFiles = createAppHandler({ root: options.rendererDir, csp, origin });

  const issueLoginUrl = (): string => {
    const ticket = tickets.issue();
    log.addSecret(ticket);
    return loginUrl(port, ticket);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = readTarget(req.url, req.rawHeaders, port);
    if (!target.ok) {
      log.warn('browser shell: refused a request', { reason: target.reason });
      send(res, target.status, {}, t(REFUSAL_CODE[target.status === 400 ? 'bad_request' : 'wrong_host']));
      return;
    }
    const { url } = target;
    const facts = { host: req.headers.host, cookie: req.headers.cookie };
    if (facts.host !== shellHost(port)) {
      log.warn('browser shell: refused a request', { reason: 'wrong_host', host: String(facts.host).slice(0, 200) });
      send(res, 403, {}, t(REFUSAL_CODE.wrong_host));
      return;
    }
    if (url.pathname === LOGIN_ADDRESS_ROUTE && req.method === 'POST') {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!isSecret(bearer, instanceKey)) {
        log.warn('browser shell: refused a request', { reason: 'wrong_instance_key' });
        send(res, 403);
        return;
      }
      send(res, 200, {}, issueLoginUrl());
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, { Allow: 'GET, HEAD' });
      return;
    }

    // A login address: its ticket, once, for the cookie, and the address bar loses it.
    const key = url.searchParams.get('key');
    if (url.pathname === '/' && key !== null) {
      // HEAD (a link checker, a preview) would use the ticket up without opening the app.
      if (req.method !== 'GET') {
        send(res, 405, { Allow: 'GET' });
        return;
      }
      if (tickets.redeem(key)) {
        enterApp(res, { 'Set-Cookie': sessionCookie(port, secret) });
        return;
      }
      // Used or expired, but this browser is logged in already (it went back to the login address).
      if (isSecret(readCookie(facts.cookie, cookieName(port)), secret)) {
        enterApp(res);
        return;
      }
      log.warn('browser shell: refused a request', { reason: 'login_used_or_unknown' });
      send(res, 403, {}, t(REFUSAL_CODE.login_used));
      return;
    }

    const refusal = admitRequest(facts, keys);
    if (refusal) {
      log.warn('browser shell: refused a request', { reason: refusal, path: url.pathname.slice(0, 200) });
      send(res, 403, {}, t(REFUSAL_CODE[refusal]));
      return;
    }

    if (url.pathname.startsWith(PHOTO_ROUTE_BASE)) {
      const photos = options.photos();
      if (!photos) {
        send(res, 404);
        return;
      }
      const handler = createPhotoHandler({
        ...photos,
        base: `${origin}${PHOTO_ROUTE_BASE}`,
        onRefused: (reason, photo) => {
          log.warn('browser shell: photo refused', { reason });
          options.onPhotoRefused?.(photo, reason);
        },
      });
      return sendResponse(res, await handler(new Request(`${origin}${url.pathname}`, { method: req.method })));
    }
    if (url.pathname.startsWith(DOWNLOAD_ROUTE)) return sendDownload(req, res, url.pathname.slice(DOWNLOAD_ROUTE.length));
    if (url.pathname === BRIDGE_PATH) {
      send(res, 426, { Upgrade: 'websocket' });
      return;
    }

    const response = await appFiles(new Request(`${origin}${url.pathname}`, { method: req.method }));
    const isDocument = response.ok && req.method === 'GET' && (url.pathname === '/' || url.pathname === '/index.html');
    return sendResponse(res, isDocument ? await withBridgeScript(response) : response);
  }

  /** A download, once: taken from the list before it is sent (a second request is a 404), removed after. */
  async function sendDownload(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    // HEAD would use the one-time address up without a body.
    if (req.method !== 'GET') {
      send(res, 405, { Allow: 'GET' });
      return;
    }
    const downloads = options.downloads;
    const offer = downloads?.take(id);
    if (!downloads || !offer) {
      send(res, 404);
      return;
    }
    try {
      const { size } = await stat(offer.file);
      res.writeHead(200, {
        ...BASE_HEADERS,
        'Cache-Control': 'no-store',
        'Content-Type': offer.contentType,
        'Content-Length': String(size),
        // RFC 6266, with RFC 5987's filename* for a name that is not ASCII (pt-BR's accents).
        'Content-Disposition': contentDisposition(offer.fileName),
      });
      await pipeline(createReadStream(offer.file), res);
    } catch (error) {
      if (!res.headersSent) {
        log.warn('browser shell: a download could not be sent', { error });
        send(res, 404);
      } else throw error;
    } finally {
      await downloads.remove(offer.file);
    }
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      log.error('browser shell: request failed', { error });
      if (!res.headersSent) send(res, 500);
      else res.destroy();
    });
  });

  // The bridge: one WebSocket per window.
  const sockets = new Set<WebSocket>();
  const clientListeners: ((count: number) => void)[] = [];
  const notify = () => {
    for (const listener of clientListeners) listener(sockets.size);
  };
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  const deliver = (ws: WebSocket, message: ShellMessage): void => {
    if (ws.readyState !== ws.OPEN) return;
    let text: string;
    try {
      text = encodeMessage(message);
    } catch (error) {
      // What Electron's structured clone would refuse: the call fails, the bridge stays up.
      log.error('browser shell: an answer could not be sent', { error, ...(message.type === 'event' ? { event: message.event } : {}) });
      if (message.type !== 'result') return;
      text = encodeMessage({
        type: 'result',
        id: message.id,
        result: { ok: false, error: codedError('internal', { code: 'app.answerFailed' }).toJSON() },
      });
    }
    ws.send(text);
  };

  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    // Node hands the socket over without its own error listener: a peer that resets it while
    // it is refused or upgraded must not become an uncaught exception.
    socket.on('error', (error) => log.debug('browser shell: a connection failed', { error }));
    try {
      upgrade(req, socket, head);
    } catch (error) {
      log.error('browser shell: an upgrade failed', { error });
      socket.destroy();
    }
  });

  function upgrade(req: IncomingMessage, socket: Socket, head: Buffer): void {
    const target = readTarget(req.url, req.rawHeaders, port);
    if (!target.ok) {
      log.warn('browser shell: refused a bridge connection', { reason: target.reason });
      return refuseUpgrade(socket, target.status);
    }
    if (target.url.pathname !== BRIDGE_PATH) return refuseUpgrade(socket, 404);
    const refusal = admitUpgrade({ host: req.headers.host, cookie: req.headers.cookie, origin: req.headers.origin }, keys);
    if (refusal) {
      log.warn('browser shell: refused a bridge connection', { reason: refusal, origin: String(req.headers.origin).slice(0, 200) });
      return refuseUpgrade(socket, 403);
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      log.info('browser shell: a window connected', { windows: sockets.size });
      notify();
      ws.on('message', (data, isBinary) => {
        // ws hands a text frame over as one Buffer (binaryType 'nodebuffer', its default).
        const message = isBinary || !Buffer.isBuffer(data) ? undefined : decodeInvoke(data.toString());
        if (!message) {
          log.warn('browser shell: closed a bridge that sent something else than a call');
          ws.close(1008, 'not a bridge call');
          return;
        }
        void gate(message.channel, message.input, sender).then((result) => deliver(ws, { type: 'result', id: message.id, result }));
      });
      ws.on('close', () => {
        sockets.delete(ws);
        notify();
      });
      ws.on('error', (error) => log.warn('browser shell: bridge socket error', { error }));
    });
  }

  const unsubscribe = options.hub.subscribe((event, payload) => {
    for (const ws of sockets) deliver(ws, { type: 'event', event, payload });
  });

  return {
    origin,
    port,
    loginUrl: issueLoginUrl,
    instanceKey,
    gate,
    sender,
    clients: () => sockets.size,
    onClients: (listener) => {
      clientListeners.push(listener);
    },
    async close() {
      unsubscribe();
      for (const ws of sockets) ws.close(1001, 'Showroom is stopping');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      // Sockets that did not answer the close handshake in time.
      for (const ws of sockets) ws.terminate();
      await closed;
    },
  };
}

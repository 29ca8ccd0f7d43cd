// Who may talk to the browser shell. A local web UI is reachable by every page the dealer opens
// and by anything that can resolve a name to 127.0.0.1 (DNS rebinding), so, like Jupyter's and
// VS Code's web servers, it admits only a browser holding the per-launch secret:
// - the launcher opens a login address `/?key=<ticket>`, whose ticket is good once and for a short
//   time (./login-tickets.ts), through a private file, never on a command line (./login-page.ts);
//   the shell swaps it for an HttpOnly, SameSite=Strict cookie holding the per-launch secret and
//   redirects to `/`, so the ticket leaves the address bar;
// - every request and the WebSocket upgrade must carry that cookie;
// - the Host header must be exactly 127.0.0.1:<port> (a rebinding page's Host is its own name);
// - the WebSocket's Origin must be the shell's own (a foreign page cannot open the bridge, even
//   where the browser would attach the cookie).
// Pure decisions: the server (./server.ts) wires them, test/browser-shell checks them.
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 bits, as the issue asks; base64url keeps it URL- and cookie-safe. */
export const SECRET_BYTES = 32;

export function createSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

/** The only Host header the shell answers. */
export function shellHost(port: number): string {
  return `127.0.0.1:${port}`;
}

export function shellOrigin(port: number): string {
  return `http://${shellHost(port)}`;
}

/** Cookies are not port-scoped: two shells on two ports (two data folders) need two names. */
export function cookieName(port: number): string {
  return `showroom-${port}`;
}

export function sessionCookie(port: number, secret: string): string {
  return `${cookieName(port)}=${secret}; HttpOnly; SameSite=Strict; Path=/`;
}

/** The value of cookie `name` in a Cookie header, if present. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Constant-time comparison, so the secret cannot be guessed byte by byte from timings. */
export function isSecret(candidate: string | undefined | null, secret: string): boolean {
  if (typeof candidate !== 'string') return false;
  const a = Buffer.from(candidate);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface RequestFacts {
  host: string | undefined;
  cookie: string | undefined;
  /** Only looked at for the WebSocket upgrade. */
  origin?: string | undefined;
}

export type Refusal = 'wrong_host' | 'no_session' | 'foreign_origin';

export interface ShellKeys {
  port: number;
  secret: string;
}

/** An HTTP request: the right Host and the session cookie, or why not. */
export function admitRequest(facts: RequestFacts, keys: ShellKeys): Refusal | null {
  if (facts.host !== shellHost(keys.port)) return 'wrong_host';
  if (!isSecret(readCookie(facts.cookie, cookieName(keys.port)), keys.secret)) return 'no_session';
  return null;
}

/** The bridge's WebSocket upgrade: as a request, and from the shell's own page. */
export function admitUpgrade(facts: RequestFacts, keys: ShellKeys): Refusal | null {
  const refusal = admitRequest(facts, keys);
  if (refusal) return refusal;
  if (facts.origin !== shellOrigin(keys.port)) return 'foreign_origin';
  return null;
}

/** A login address: the app, with a single-use ticket to swap for the cookie (./login-tickets.ts). */
export function loginUrl(port: number, ticket: string): string {
  return `${shellOrigin(port)}/?key=${ticket}`;
}

/** Where another start on the same data folder gets a fresh login address: POST with `Authorization: Bearer <instance key>`. */
export const LOGIN_ADDRESS_ROUTE = '/login-address';

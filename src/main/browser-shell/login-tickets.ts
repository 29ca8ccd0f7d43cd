// The login addresses the shell hands out: each carries a ticket that is swapped once for the
// session cookie and is refused after a short time, so an address seen later (in a terminal's
// scrollback, a browser's history, a file left behind) no longer logs anyone in. The session
// secret itself never leaves the server except in the cookie it sets.
import { createSecret, isSecret } from './auth';

/** Long enough for a cold browser start on a busy machine, or for the dealer to paste a printed address. */
export const LOGIN_TICKET_TTL_MS = 120_000;
/** Tickets waiting at once; the oldest is dropped beyond this (only the instance key can ask for more). */
export const MAX_OPEN_TICKETS = 16;

export interface LoginTicketsOptions {
  ttlMs?: number;
  /** Milliseconds (tests pass their own clock). */
  now?: () => number;
}

export interface LoginTickets {
  /** A fresh ticket, valid once, for `ttlMs`. */
  issue(): string;
  /** True once per issued ticket within its lifetime; false for anything else. */
  redeem(candidate: string): boolean;
}

export function createLoginTickets(options: LoginTicketsOptions = {}): LoginTickets {
  const ttlMs = options.ttlMs ?? LOGIN_TICKET_TTL_MS;
  const now = options.now ?? Date.now;
  /** Ticket → when it stops being valid; insertion order is issue order. */
  const open = new Map<string, number>();
  const prune = (at: number) => {
    for (const [ticket, expiresAt] of open) if (expiresAt <= at) open.delete(ticket);
  };
  return {
    issue() {
      const at = now();
      prune(at);
      while (open.size >= MAX_OPEN_TICKETS) open.delete(open.keys().next().value as string);
      const ticket = createSecret();
      open.set(ticket, at + ttlMs);
      return ticket;
    },
    redeem(candidate) {
      prune(now());
      // Compared in constant time, as the cookie is: no lookup keyed by what the caller sent.
      for (const ticket of open.keys()) {
        if (isSecret(candidate, ticket)) {
          open.delete(ticket);
          return true;
        }
      }
      return false;
    },
  };
}

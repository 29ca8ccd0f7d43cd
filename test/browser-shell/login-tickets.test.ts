// A login address logs a browser in once, within a short time, on the shell's clock.
import { describe, expect, it } from 'vitest';
import { createLoginTickets, MAX_OPEN_TICKETS } from '../../src/main/browser-shell/login-tickets';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('login tickets', () => {
  it('are swapped once: a second use of the same address is refused', () => {
    const tickets = createLoginTickets({ now: clock().now });
    const ticket = tickets.issue();
    expect(tickets.redeem(ticket)).toBe(true);
    expect(tickets.redeem(ticket)).toBe(false);
  });

  it('expire after their lifetime, and not a millisecond before', () => {
    const time = clock();
    const tickets = createLoginTickets({ ttlMs: 60_000, now: time.now });
    const late = tickets.issue();
    const inTime = tickets.issue();
    time.advance(59_999);
    expect(tickets.redeem(inTime)).toBe(true);
    time.advance(1);
    expect(tickets.redeem(late)).toBe(false);
  });

  it('live two minutes by default: long enough for a cold browser, short enough to go stale', () => {
    const time = clock();
    const tickets = createLoginTickets({ now: time.now });
    const ticket = tickets.issue();
    // Two minutes after it was issued, a ticket no longer logs anyone in, whatever the constant says.
    time.advance(120_000);
    expect(tickets.redeem(ticket)).toBe(false);
  });

  it('are each their own: a fresh one does not revive or replace another, and nothing else is a ticket', () => {
    const tickets = createLoginTickets({ now: clock().now });
    const first = tickets.issue();
    const second = tickets.issue();
    expect(second).not.toBe(first);
    expect(tickets.redeem(second)).toBe(true);
    expect(tickets.redeem(first)).toBe(true);
    const third = tickets.issue();
    for (const other of ['', third.slice(0, -1), `${third}x`, third.toUpperCase() === third ? `${third}a` : third.toUpperCase()]) {
      expect(tickets.redeem(other)).toBe(false);
    }
    expect(tickets.redeem(third)).toBe(true);
  });

  it('are kept at most MAX_OPEN_TICKETS at once, the oldest dropped first', () => {
    const tickets = createLoginTickets({ now: clock().now });
    const issued = Array.from({ length: MAX_OPEN_TICKETS + 1 }, () => tickets.issue());
    expect(tickets.redeem(issued[0] ?? '')).toBe(false);
    expect(issued.slice(1).every((ticket) => tickets.redeem(ticket))).toBe(true);
  });
});

// A switch for tests: hold the portal's answers to some routes until the test lets them go. A
// held request has reached the portal and waits there, before any work, so a test can act while a
// call is certainly in flight (cancel a sync, let a timeout expire, look at the progress) instead
// of slowing the portal down with a latency and hoping it is still busy when it acts.

/** Which requests to hold: a route as the stats name it ('GET /vehicles'), or a test of it. */
export type HoldMatch = string | ((route: string) => boolean);

export interface HoldControls {
  /** Holds every request to a matching route from now on, until release(). */
  hold(match: HoldMatch): void;
  /** Lets every held request go on, and holds no more. */
  release(): void;
  /** How many requests are held now (one whose client gave up stays held until release()). */
  readonly held: number;
  /** Resolves once `count` requests are held at the same time (at once if they already are). */
  whenHeld(count?: number): Promise<void>;
}

export class RequestHold implements HoldControls {
  private match: ((route: string) => boolean) | null = null;
  private waiting: Array<() => void> = [];
  private watchers: Array<{ count: number; resolve: () => void }> = [];

  hold(match: HoldMatch): void {
    this.match = typeof match === 'string' ? (route) => route === match : match;
  }

  release(): void {
    this.match = null;
    const waiting = this.waiting;
    this.waiting = [];
    for (const go of waiting) go();
  }

  get held(): number {
    return this.waiting.length;
  }

  whenHeld(count = 1): Promise<void> {
    if (this.waiting.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.watchers.push({ count, resolve }));
  }

  /** The server's side: resolves at once for a route not held, else when release() is called. */
  async pass(route: string): Promise<void> {
    if (this.match === null || !this.match(route)) return;
    await new Promise<void>((go) => {
      this.waiting.push(go);
      const ready = this.watchers.filter((w) => this.waiting.length >= w.count);
      this.watchers = this.watchers.filter((w) => this.waiting.length < w.count);
      for (const w of ready) w.resolve();
    });
  }
}

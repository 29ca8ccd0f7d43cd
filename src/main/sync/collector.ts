// What a pass has read so far, by reference. Pages are staged as they arrive; a reference read
// again is staged again only when its JSON differs and it is not older than the copy already
// staged (the cache applies staged items in order, so the last one staged wins).
import { createHash } from 'node:crypto';
import type { SyncPass } from '../cache';
import type { PortalVehicle } from '../portal';

interface Seen {
  updatedMs: number;
  hash: string;
}

export function updatedMsOf(item: { vehicle: { updatedAt?: string } }): number {
  const ms = item.vehicle.updatedAt === undefined ? Number.NaN : Date.parse(item.vehicle.updatedAt);
  return Number.isFinite(ms) ? ms : Number.NEGATIVE_INFINITY;
}

export class Collector {
  private readonly seen = new Map<string, Seen>();
  private buffer: unknown[] = [];
  private pass: SyncPass | undefined;
  /** Items read, duplicates included. */
  read = 0;
  /** Items staged (a reference can be staged more than once when a newer copy arrives). */
  staged = 0;

  /** Stages what was buffered, and everything from now on, into `pass`. */
  attach(pass: SyncPass): void {
    this.pass = pass;
    if (this.buffer.length > 0) pass.stage(this.buffer);
    this.buffer = [];
  }

  has(reference: string): boolean {
    return this.seen.has(reference);
  }

  get size(): number {
    return this.seen.size;
  }

  references(): IterableIterator<string> {
    return this.seen.keys();
  }

  updatedMs(reference: string): number | undefined {
    return this.seen.get(reference)?.updatedMs;
  }

  /** Returns how many items were staged (new references or newer copies). */
  add(items: readonly PortalVehicle[]): number {
    const fresh: unknown[] = [];
    for (const item of items) {
      this.read++;
      const text = JSON.stringify(item.raw) ?? 'null';
      const hash = createHash('sha1').update(text).digest('base64');
      const updatedMs = updatedMsOf(item);
      const old = this.seen.get(item.reference);
      if (old && (old.hash === hash || updatedMs < old.updatedMs)) continue;
      this.seen.set(item.reference, { updatedMs, hash });
      fresh.push(item.raw);
    }
    if (fresh.length === 0) return 0;
    this.staged += fresh.length;
    if (this.pass) this.pass.stage(fresh);
    else this.buffer.push(...fresh);
    return fresh.length;
  }
}

// What a pass has read so far, by reference. Pages are staged as they arrive; a reference read
// again is staged again only when it is not older than the copy already staged and something
// that can change shows a difference (the cache applies staged items in order, so the last one
// staged wins). Every change on the portal bumps updatedAt (portal-api-v2.md), except the
// listing's url, which appears up to 45 minutes after an edit, and the publication, which we
// watch most closely: those two are compared too. No hashing of whole vehicles: this runs for
// every item of every page.
//
// An item without a usable reference (not an object, or no string `reference`) cannot be
// matched to a listing: it is never staged (a stand-in key would store a fake listing, and the
// real one would look removed), only remembered as a data problem of the run (issue 12).
import { jsonText } from '../../shared/json';
import type { SyncDataProblem } from '../../shared/views';
import type { SyncPass } from '../cache';
import type { PortalVehicle } from '../portal';

interface Seen {
  updatedMs: number;
  print: string;
}

/** What tells two reads of one listing apart without comparing the whole JSON. */
function fingerprint(item: PortalVehicle): string {
  const v = item.vehicle;
  return `${v.updatedAt ?? ''}\u0000${v.url ?? ''}\u0000${v.publication === undefined ? '?' : JSON.stringify(v.publication)}\u0000${item.problems.length}`;
}

export function updatedMsOf(item: { vehicle: { updatedAt?: string } }): number {
  const ms = item.vehicle.updatedAt === undefined ? Number.NaN : Date.parse(item.vehicle.updatedAt);
  return Number.isFinite(ms) ? ms : Number.NEGATIVE_INFINITY;
}

/** How much of an unidentifiable item the run keeps, for support. */
const EXCERPT_CHARS = 200;

function dataProblemOf(item: PortalVehicle): SyncDataProblem {
  const isObject = item.raw !== null && typeof item.raw === 'object' && !Array.isArray(item.raw);
  const text = jsonText(item.raw) ?? String(item.raw);
  return { problem: isObject ? 'no_reference' : 'not_an_object', excerpt: text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text };
}

export class Collector {
  private readonly seen = new Map<string, Seen>();
  /** Items without a usable reference, by their stand-in key (a stable hash of the item). */
  private readonly unidentifiedItems = new Map<string, SyncDataProblem>();
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

  /** Items read that could not be identified: a pass that saw any cannot prove a listing gone by its absence. */
  get unidentified(): SyncDataProblem[] {
    return [...this.unidentifiedItems.values()];
  }

  updatedMs(reference: string): number | undefined {
    return this.seen.get(reference)?.updatedMs;
  }

  /** Returns how many items were staged (new references or newer copies). */
  add(items: readonly PortalVehicle[]): number {
    const fresh: unknown[] = [];
    for (const item of items) {
      this.read++;
      if (item.vehicle.reference === undefined) {
        if (!this.unidentifiedItems.has(item.reference)) this.unidentifiedItems.set(item.reference, dataProblemOf(item));
        continue;
      }
      const print = fingerprint(item);
      const updatedMs = updatedMsOf(item);
      const old = this.seen.get(item.reference);
      if (old && (old.print === print || updatedMs < old.updatedMs)) continue;
      this.seen.set(item.reference, { updatedMs, print });
      fresh.push(item.raw);
    }
    if (fresh.length === 0) return 0;
    this.staged += fresh.length;
    if (this.pass) this.pass.stage(fresh);
    else this.buffer.push(...fresh);
    return fresh.length;
  }
}

// What a kind of change is (design.md, "Changes the dealer makes"): one module per kind, registered
// in one table (registry.ts). The ledger (cache/ledger-store.ts) keeps every change of every kind
// alike; what differs is declared here, once: what the dealer may ask (its payload's schema), how it
// is sent, how a fresh read proves it reached the portal, what the listing shows while it is open,
// what room in the plan it takes, and the reason a refusal needs the dealer.
import { prettifyError, type z } from 'zod';
import { codedError } from '../../shared/i18n/messages';
import type { AttentionReason } from '../../shared/attention';
import { writeIssues } from '../../shared/listing-write';
import type { MessageCode } from '../../shared/i18n/messages';
import type { ListingFacts, Overlay } from '../../shared/pending-changes';
import type { Vehicle } from '../../shared/vehicle';
import type { Cache, ChangeConflict, PendingChange } from '../cache';

export type { ListingFacts };
import type { PortalClient } from '../portal';

/** What a send may need beyond its payload: the change as the ledger holds it (its base), and the cache (what only Showroom knows). */
export interface SendContext {
  change: PendingChange;
  cache: Cache;
}

/** A send that did not go out because the dealer must choose first (an edit's conflict): the change is held. */
export interface Held {
  held: ChangeConflict;
}

export function isHeld(value: unknown): value is Held {
  return value !== null && typeof value === 'object' && 'held' in value;
}

export interface ChangeKind<P = unknown> {
  readonly name: string;
  /** What the dealer may ask; every payload is validated by it before it is saved, and again when read back. */
  readonly payload: z.ZodType<P>;
  /** Changes of one slot replace each other on a listing: the latest stands (publish, highlight and unhighlight share one). */
  readonly slot: string;
  /** What of the listing as it was the change keeps beside its updatedAt (an edit's merge needs the fields it changed). */
  base?(facts: ListingFacts, listing: Vehicle | null, payload: P): Record<string, unknown>;
  /** What a read shows once it reached the portal: every field given must read so. */
  target(payload: P): Partial<ListingFacts>;
  /** When given, whether a read listing shows the change, instead of `target` (a change of fields the facts do not carry). */
  shows?(payload: P, listing: Vehicle): boolean;
  /** When given, a change saved while one of its kind on the listing is not sent yet (or refused) joins it: `later` over `earlier`. */
  merge?(earlier: P, later: P): P;
  /** What the listing shows while the change is open. */
  overlay?(payload: P): Overlay;
  /** When given, what a read that confirms the change leaves on the listing beyond it (a create found off the portal: off by the plan). */
  confirmed?(reference: string, cache: Cache): void;
  /** Resolves to the portal's answer, or to `Held` when the change must wait for the dealer (nothing was written). */
  send(portal: PortalClient, reference: string, payload: P, signal: AbortSignal, context: SendContext): Promise<unknown>;
  /** The change makes its listing: a read that finds none (404) after a send cut short means not received, not gone. */
  readonly creates?: boolean;
  /** The portal queue's message type for it (x-status-queue): after a send cut short, found there means received. */
  readonly queueJob: string;
  /** The room in the plan it takes while on its way, if any. */
  readonly room: 'listings' | 'highlights' | null;
  /**
   * Why a listing whose change of this kind the portal refused needs the dealer; a create's own
   * reason is of a listing not in the inventory yet, shown where new listings are listed.
   */
  readonly refusedReason: Extract<AttentionReason, `${string}Refused`> | 'createRefused';
  /** Whether an accepted change a read still does not show long after counts as not applied (NOT_APPLIED_AFTER_MS). */
  readonly notApplied: boolean;
  /** Said when the listing already shows what it asks. */
  readonly already: MessageCode;
  /** A change that deletes the listing: a read that no longer finds it confirms it, and the listing is kept as this (main/cache/departed-store.ts). */
  readonly leaves?: 'sold';
}

/** Whether `facts` show what `target` asks. */
export function reached(target: Partial<ListingFacts>, facts: ListingFacts): boolean {
  return (Object.keys(target) as Array<keyof ListingFacts>).every((field) => target[field] === facts[field]);
}

/** A kind as the registry holds it: its payload read back as `unknown` and validated by its schema before each use. */
export interface RegisteredKind extends Omit<
  ChangeKind,
  'payload' | 'base' | 'target' | 'shows' | 'merge' | 'overlay' | 'send' | 'leaves' | 'confirmed' | 'creates'
> {
  readonly leaves: 'sold' | null;
  readonly creates: boolean;
  /** The payload, validated; throws the bad-input error (ledger.badPayload) when it does not fit, its failed fields in `detail.fields`. */
  parse(payload: unknown): unknown;
  /** Whether the payload fits the kind's schema as it is now (one saved under an older rule may not). */
  parses(payload: unknown): boolean;
  base(facts: ListingFacts, listing: Vehicle | null, payload: unknown): Record<string, unknown>;
  target(payload: unknown): Partial<ListingFacts>;
  /** Whether the kind reads the whole listing to know it reached the portal (`shows`), not only its facts. */
  readonly readsListing: boolean;
  /** Whether a read (its facts, and the listing when the kind reads it) shows the change. */
  reachedBy(payload: unknown, facts: ListingFacts, listing: Vehicle | null): boolean;
  merge: ((earlier: unknown, later: unknown) => unknown) | null;
  overlay(payload: unknown): Overlay | null;
  send(portal: PortalClient, reference: string, payload: unknown, signal: AbortSignal, context: SendContext): Promise<unknown>;
  confirmed(reference: string, cache: Cache): void;
}

export function registered<P>(kind: ChangeKind<P>): RegisteredKind {
  const parse = (payload: unknown): P => {
    const result = kind.payload.safeParse(payload);
    if (!result.success)
      throw codedError(
        'bad_input',
        { code: 'ledger.badPayload', params: { kind: kind.name } },
        { issues: prettifyError(result.error), fields: writeIssues(result.error) },
      );
    return result.data;
  };
  return {
    name: kind.name,
    slot: kind.slot,
    queueJob: kind.queueJob,
    creates: kind.creates === true,
    room: kind.room,
    refusedReason: kind.refusedReason,
    notApplied: kind.notApplied,
    already: kind.already,
    leaves: kind.leaves ?? null,
    parse,
    parses: (payload) => kind.payload.safeParse(payload).success,
    base: (facts, listing, payload) => kind.base?.(facts, listing, parse(payload)) ?? {},
    target: (payload) => kind.target(parse(payload)),
    readsListing: kind.shows !== undefined,
    reachedBy: (payload, facts, listing) => {
      const parsed = parse(payload);
      if (kind.shows === undefined) return reached(kind.target(parsed), facts);
      return listing !== null && kind.shows(parsed, listing);
    },
    // What is checked is what the merge makes: a later change can fix the field an earlier one saved under an older rule fails.
    merge: kind.merge === undefined ? null : (earlier, later) => parse((kind.merge as (a: P, b: P) => P)(earlier as P, parse(later))),
    overlay: (payload) => kind.overlay?.(parse(payload)) ?? null,
    send: (portal, reference, payload, signal, context) => kind.send(portal, reference, parse(payload), signal, context),
    confirmed: (reference, cache) => kind.confirmed?.(reference, cache),
  };
}

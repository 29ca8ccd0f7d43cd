// One client account of the portal: its stock, plan and write queue, and the operations the
// routes and the control API perform on them.
//
// Plan-exceeded rule: when more listings are published than the plan's adsQuantity, the most
// recently updated ones keep their publication and the rest (least recently updated first; on equal
// updatedAt, the greater reference) get `publication: null`. The same rule drops highlights beyond
// highlightsQuantity. A change made by the service bumps `updatedAt`, as the interface says
// ("time of last update, by the integrator or by the service").
import type { DialectConfig } from './dialect';
import type { SandboxClock } from './clock';
import { HttpError } from './errors';
import { DEFAULT_URL_DELAY_MS, generateRecords, listingUrl, type GeneratedRecord } from './generator';
import { WriteQueue, type Claim } from './queue';
import { hash32, unitHash } from './random';
import { searchTextOf, VehicleStore, type StoredVehicle } from './store';
import type { PlanLimits, PlanView, PortalPicture, PortalVehicle, QueueJobInfo } from './types';
import { hostPictures, resolveCatalogue, vehicleFromWrite, writeOf, type ResolvedWrite } from './from-write';
import { validateVehicleWrite, type VehicleWrite } from './write-shape';

export interface AccountOptions {
  id: string;
  clock: SandboxClock;
  origin: string;
  vehicles: number;
  seed: number;
  urlDelayMs?: number;
  queueDelayMs?: number;
  plan?: Partial<PlanLimits>;
  /** The sandbox's dialect switches as they are now (dialect.ts). */
  dialect?: () => DialectConfig;
}

/** A change "from elsewhere" (control API): write-shape fields to set; `videoUrl: null` removes the video. */
export type ElsewhereEdit = Partial<Omit<VehicleWrite, 'reference' | 'videoUrl'>> & { videoUrl?: string | null };

/** A vehicle for the control API: any subset of fields; a new vehicle gets the rest generated. */
export type VehicleInput = Partial<PortalVehicle> & { reference: string };

export interface UpsertOptions {
  /** updatedAt to set; default: now on the sandbox clock. */
  updatedAt?: Date | string | number;
  /** Whether the url is available at once (default: only after the url delay, like a real edit). */
  urlReady?: boolean;
}

const jsonCache = new WeakMap<PortalVehicle, { full?: string; noUrl?: string; staleUrl?: string }>();

export function defaultPlan(vehicleCount: number): PlanLimits {
  return {
    name: 'Plano Loja Pro',
    pictureQuantity: 16,
    adsQuantity: Math.max(50, Math.ceil((vehicleCount * 1.2) / 10) * 10),
    highlightsQuantity: Math.max(10, Math.ceil(vehicleCount / 10)),
  };
}

export class ClientAccount {
  readonly id: string;
  readonly store = new VehicleStore();
  readonly queue: WriteQueue;
  plan: PlanLimits;
  urlDelayMs: number;
  private readonly clock: SandboxClock;
  private readonly dialect: () => DialectConfig;
  private readonly origin: string;
  private readonly seed: number;
  private insertCounter = 0;

  constructor(options: AccountOptions) {
    this.id = options.id;
    this.clock = options.clock;
    this.dialect = options.dialect ?? (() => ({}));
    this.origin = options.origin;
    this.seed = options.seed;
    this.urlDelayMs = options.urlDelayMs ?? DEFAULT_URL_DELAY_MS;
    this.queue = new WriteQueue(this.clock, options.queueDelayMs ?? 0);
    this.plan = { ...defaultPlan(options.vehicles), ...options.plan };
    const records = generateRecords(options.vehicles, options.seed, { now: this.clock.nowMs(), origin: this.origin });
    this.store.putMany(records.map((r) => this.fromRecord(r)));
    this.enforcePlan();
  }

  private fromRecord(r: GeneratedRecord): StoredVehicle {
    return { vehicle: r.vehicle, updatedAtMs: r.editedAtMs, urlReadyAtMs: r.editedAtMs + this.urlDelayMs, searchText: searchTextOf(r.vehicle) };
  }

  /** Applies due queue jobs. Called before serving each request and by every control call. */
  process(): void {
    this.queue.processDue();
  }

  /** The vehicle as a client reads it now: no url (or the one the edit replaced, see the dialect) until the url delay has passed. */
  wire(sv: StoredVehicle, nowMs = this.clock.nowMs()): PortalVehicle {
    if (nowMs >= sv.urlReadyAtMs) return sv.vehicle;
    if (this.showsStaleUrl(sv)) return { ...sv.vehicle, url: sv.staleUrl };
    const { url: _url, ...rest } = sv.vehicle;
    return rest;
  }

  private showsStaleUrl(sv: StoredVehicle): sv is StoredVehicle & { staleUrl: string } {
    return sv.staleUrl !== undefined && this.dialect().staleUrlAfterEdit === true;
  }

  /** wire() as JSON text, cached per vehicle object (vehicles are replaced, never mutated, on change). */
  wireJson(sv: StoredVehicle, nowMs = this.clock.nowMs()): string {
    const withUrl = nowMs >= sv.urlReadyAtMs;
    let cached = jsonCache.get(sv.vehicle);
    if (!cached) {
      cached = {};
      jsonCache.set(sv.vehicle, cached);
    }
    if (withUrl) return (cached.full ??= JSON.stringify(sv.vehicle));
    if (this.showsStaleUrl(sv)) return (cached.staleUrl ??= JSON.stringify(this.wire(sv, nowMs)));
    return (cached.noUrl ??= JSON.stringify(this.wire(sv, nowMs)));
  }

  planView(): PlanView {
    return {
      currentPlan: { ...this.plan },
      available: {
        adsQuantity: Math.max(0, this.plan.adsQuantity - this.store.publishedCount),
        highlightsQuantity: Math.max(0, this.plan.highlightsQuantity - this.store.highlightedCount),
      },
    };
  }

  setPlan(plan: Partial<PlanLimits>): PlanView {
    this.plan = { ...this.plan, ...plan };
    this.enforcePlan();
    return this.planView();
  }

  /** Applies the plan-exceeded rule (see the top of this file); returns the references unpublished. */
  enforcePlan(): string[] {
    const changed: string[] = [];
    const now = this.clock.nowMs();
    if (this.store.publishedCount > this.plan.adsQuantity) {
      const published = this.store.sortedBy([['updatedAt', 'DESC']]).filter((sv) => sv.vehicle.publication);
      for (const sv of published.slice(Math.max(0, this.plan.adsQuantity))) {
        this.store.put(this.changedByService(sv, { publication: null }, now));
        changed.push(sv.vehicle.reference);
      }
    }
    if (this.store.highlightedCount > this.plan.highlightsQuantity) {
      const highlighted = this.store.sortedBy([['updatedAt', 'DESC']]).filter((sv) => sv.vehicle.publication?.highlighted);
      for (const sv of highlighted.slice(Math.max(0, this.plan.highlightsQuantity))) {
        this.store.put(this.changedByService(sv, { publication: { highlighted: false } }, now));
      }
    }
    return changed;
  }

  private changedByService(sv: StoredVehicle, patch: Partial<PortalVehicle>, now: number): StoredVehicle {
    return { ...sv, vehicle: { ...sv.vehicle, ...patch, updatedAt: new Date(now).toISOString() }, updatedAtMs: now };
  }

  // ---- requests through the API (queued) ----

  requestUnpublish(reference: string, endpoint: string): QueueJobInfo {
    // Idempotent like a queue-backed NestJS service: an unpublished vehicle still gets a job (a no-op).
    this.mustExist(reference);
    return this.queue.enqueue('UNPUBLISH_VEHICLE', reference, endpoint, () => this.unpublish(reference));
  }

  /**
   * Publish again. Idempotent: a published listing (or one whose publish is already queued) gets a
   * job that changes nothing and takes no slot. Otherwise the listing needs a free slot, counting
   * the slots that queued creates and publishes will take (422 without one, as for a create).
   */
  requestPublish(reference: string, endpoint: string): QueueJobInfo {
    const sv = this.mustExist(reference);
    let claims: Claim | undefined;
    if (!sv.vehicle.publication) {
      if (!sv.vehicle.active) throw new HttpError(422, 'An inactive vehicle cannot be published');
      const queued = this.queue.claiming('listing');
      if (!queued.has(reference) && this.store.publishedCount + queued.size >= this.plan.adsQuantity) {
        throw new HttpError(422, `No ads available in the current plan (adsQuantity ${this.plan.adsQuantity})`);
      }
      claims = 'listing';
    }
    const run = () => {
      const cur = this.store.get(reference);
      if (cur && !cur.vehicle.publication && cur.vehicle.active)
        this.store.put(this.changedByService(cur, { publication: { highlighted: false } }, this.clock.nowMs()));
      this.enforcePlan();
    };
    return this.queue.enqueue('PUBLISH_VEHICLE', reference, endpoint, run, claims);
  }

  /**
   * Highlight or not. Only a published listing has a publication to change (422 otherwise). Turning
   * a highlight on needs a free one, counting the highlights queued jobs will take; asking for what
   * the listing already has is accepted and changes nothing.
   */
  requestHighlight(reference: string, highlighted: boolean, endpoint: string): QueueJobInfo {
    const sv = this.mustExist(reference);
    if (!sv.vehicle.publication) throw new HttpError(422, `Vehicle ${reference} is not published`);
    let claims: Claim | undefined;
    if (highlighted && !sv.vehicle.publication.highlighted) {
      const queued = this.queue.claiming('highlight');
      if (!queued.has(reference) && this.store.highlightedCount + queued.size >= this.plan.highlightsQuantity) {
        throw new HttpError(422, `No highlights available in the current plan (highlightsQuantity ${this.plan.highlightsQuantity})`);
      }
      claims = 'highlight';
    }
    const run = () => {
      const cur = this.store.get(reference);
      if (cur?.vehicle.publication && cur.vehicle.publication.highlighted !== highlighted) {
        this.store.put(this.changedByService(cur, { publication: { ...cur.vehicle.publication, highlighted } }, this.clock.nowMs()));
      }
      this.enforcePlan();
    };
    return this.queue.enqueue('UPDATE_VEHICLE_PUBLICATION', reference, endpoint, run, claims);
  }

  /**
   * Create. A duplicate reference (stored or queued for creation) is a logic error (422). The
   * listing is published when the plan has a free slot as the job applies, otherwise stored off
   * the portal (portal-notes.md); a create asked for while a slot is free holds it meanwhile.
   */
  requestCreate(write: VehicleWrite, endpoint: string): QueueJobInfo {
    const reference = write.reference;
    if (this.store.has(reference) || this.queue.hasPending(reference, 'CREATE_VEHICLE')) {
      throw new HttpError(422, `A vehicle with reference "${reference}" already exists`);
    }
    const resolved = this.checkWrite(write);
    const slotFree = this.store.publishedCount + this.queue.claiming('listing').size < this.plan.adsQuantity;
    let pictures: PortalPicture[] = [];
    const run = () => {
      if (this.store.has(reference)) return;
      const now = this.clock.nowMs();
      const publication = this.store.publishedCount < this.plan.adsQuantity ? { highlighted: false } : null;
      const vehicle = vehicleFromWrite(resolved, pictures, { active: true, publication, updatedAt: '' });
      this.store.put(this.edited(vehicle, now, undefined, write.videoUrl));
      this.enforcePlan();
    };
    const prepare = async () => {
      pictures = await hostPictures(write.pictures, [], this.origin);
    };
    return this.queue.enqueue('CREATE_VEHICLE', reference, endpoint, run, slotFree ? 'listing' : undefined, prepare);
  }

  /**
   * Replace all of a listing's data (PUT): what the body leaves out is cleared, the video link
   * included; `active` and the publication are not part of the write and stay. The pictures are
   * fetched when the job is due and the edit applies over the listing as it is then.
   */
  requestUpdate(reference: string, write: VehicleWrite, endpoint: string): QueueJobInfo {
    if (!this.store.has(reference) && !this.queue.hasPending(reference, 'CREATE_VEHICLE')) throw new HttpError(404, `Vehicle ${reference} not found`);
    if (write.reference !== reference) throw new HttpError(422, 'The reference in the body must match the reference in the path');
    const resolved = this.checkWrite(write);
    let pictures: PortalPicture[] = [];
    const run = () => {
      const cur = this.store.get(reference);
      if (!cur) return;
      const vehicle = vehicleFromWrite(resolved, pictures, cur.vehicle);
      this.store.put(this.edited(vehicle, this.clock.nowMs(), cur, write.videoUrl));
    };
    const prepare = async () => {
      pictures = await hostPictures(write.pictures, this.store.get(reference)?.vehicle.pictures ?? [], this.origin);
    };
    return this.queue.enqueue('UPDATE_VEHICLE', reference, endpoint, run, undefined, prepare);
  }

  /** The catalogue (422) and the plan's picture limit (422), checked when the write is asked for. */
  private checkWrite(write: VehicleWrite): ResolvedWrite {
    const resolved = resolveCatalogue(write);
    if (write.pictures.length > this.plan.pictureQuantity) {
      throw new HttpError(422, `The current plan allows at most ${this.plan.pictureQuantity} pictures per vehicle`);
    }
    return resolved;
  }

  requestDelete(reference: string, endpoint: string): QueueJobInfo {
    if (!this.store.has(reference) && !this.queue.hasPending(reference, 'CREATE_VEHICLE')) throw new HttpError(404, `Vehicle ${reference} not found`);
    return this.queue.enqueue('DELETE_VEHICLE', reference, endpoint, () => void this.store.remove(reference));
  }

  private mustExist(reference: string): StoredVehicle {
    const sv = this.store.get(reference);
    if (!sv) throw new HttpError(404, `Vehicle ${reference} not found`);
    return sv;
  }

  /**
   * A vehicle written by an integrator at `now` (`before`: as it was): updatedAt bumped, url hidden
   * until the url delay passes, the video link the write carried (none when it carried none).
   */
  private edited(vehicle: PortalVehicle, now: number, before: StoredVehicle | undefined, videoUrl: string | undefined): StoredVehicle {
    const v: PortalVehicle = { ...vehicle, updatedAt: new Date(now).toISOString(), url: listingUrl(this.origin, vehicle.title ?? '', vehicle.reference) };
    const staleUrl = before ? this.visibleUrl(before, now) : undefined;
    return {
      vehicle: v,
      updatedAtMs: now,
      urlReadyAtMs: now + this.urlDelayMs,
      searchText: searchTextOf(v),
      ...(staleUrl ? { staleUrl } : {}),
      ...(videoUrl !== undefined ? { videoUrl } : {}),
    };
  }

  /** The link a client reads now, whatever the dialect (the one an edit replaces). */
  private visibleUrl(sv: StoredVehicle, nowMs: number): string | undefined {
    return nowMs >= sv.urlReadyAtMs ? sv.vehicle.url : sv.staleUrl;
  }

  // ---- direct changes (control API; no queue) ----

  get(reference: string): PortalVehicle | undefined {
    this.process();
    const sv = this.store.get(reference);
    return sv && this.wire(sv);
  }

  list(): PortalVehicle[] {
    this.process();
    const now = this.clock.nowMs();
    return this.store.sortedBy([['reference', 'ASC']]).map((sv) => this.wire(sv, now));
  }

  upsert(input: VehicleInput, options: UpsertOptions = {}): PortalVehicle {
    this.process();
    const existing = this.store.get(input.reference);
    const base = existing?.vehicle ?? this.freshVehicle(input.reference);
    const now = this.clock.nowMs();
    const updatedAtMs = options.updatedAt !== undefined ? new Date(options.updatedAt).getTime() : now;
    if (Number.isNaN(updatedAtMs)) throw new Error(`invalid updatedAt: ${String(options.updatedAt)}`);
    const vehicle: PortalVehicle = { ...base, ...input, updatedAt: new Date(updatedAtMs).toISOString() };
    // A new title gives a new link (its slug), as an edit through the API does.
    const retitled = existing !== undefined && input.title !== undefined && input.title !== existing.vehicle.title && input.url === undefined;
    if (!vehicle.url || retitled) vehicle.url = listingUrl(this.origin, vehicle.title ?? '', vehicle.reference);
    const urlReadyAtMs = options.urlReady ? -Infinity : updatedAtMs + this.urlDelayMs;
    const staleUrl = existing ? this.visibleUrl(existing, now) : undefined;
    const videoUrl = existing?.videoUrl;
    this.store.put({
      vehicle,
      updatedAtMs,
      urlReadyAtMs,
      searchText: searchTextOf(vehicle),
      ...(staleUrl ? { staleUrl } : {}),
      ...(videoUrl ? { videoUrl } : {}),
    });
    this.enforcePlan();
    return this.wire(this.store.get(input.reference) ?? { vehicle, updatedAtMs, urlReadyAtMs, searchText: '' });
  }

  /**
   * A change made "from elsewhere", as the dealer's other software would make it with its own PUT,
   * applied at once: the listing's data in the write shape with `patch` over it, checked like a
   * PUT (400/422 as HttpError), pictures fetched only when the patch carries them. `videoUrl: null`
   * removes the video; leaving it out keeps it.
   */
  async editElsewhere(reference: string, patch: ElsewhereEdit): Promise<PortalVehicle> {
    this.process();
    const before = this.store.get(reference);
    if (!before) throw new HttpError(404, `Vehicle ${reference} not found`);
    const { videoUrl, ...fields } = patch;
    const merged: Record<string, unknown> = { ...writeOf(before), ...fields, reference };
    if (videoUrl === null) delete merged.videoUrl;
    else if (videoUrl !== undefined) merged.videoUrl = videoUrl;
    const checked = validateVehicleWrite({ ...merged, pictures: (merged.pictures as string[]).map((source) => ({ source })) });
    if (!checked.ok) throw new HttpError(400, checked.messages);
    const resolved = this.checkWrite(checked.write);
    const pictures = patch.pictures ? await hostPictures(checked.write.pictures, before.vehicle.pictures, this.origin) : before.vehicle.pictures;
    const cur = this.store.get(reference) ?? before;
    this.store.put(this.edited(vehicleFromWrite(resolved, pictures, cur.vehicle), this.clock.nowMs(), cur, checked.write.videoUrl));
    this.enforcePlan();
    return this.get(reference) ?? this.wire(cur);
  }

  /** The video link stored with a listing (reads never return it); undefined when it has none. */
  videoUrlOf(reference: string): string | undefined {
    this.process();
    return this.store.get(reference)?.videoUrl;
  }

  remove(reference: string): boolean {
    this.process();
    return this.store.remove(reference) !== undefined;
  }

  unpublish(reference: string): boolean {
    const sv = this.store.get(reference);
    if (!sv || !sv.vehicle.publication) return false;
    this.store.put(this.changedByService(sv, { publication: null }, this.clock.nowMs()));
    return true;
  }

  /** Bumps a vehicle's updatedAt (a service-side change that clients must pick up). */
  touch(reference: string): boolean {
    const sv = this.store.get(reference);
    if (!sv) return false;
    this.store.put(this.changedByService(sv, {}, this.clock.nowMs()));
    return true;
  }

  /** A new, realistic vehicle for `reference` (deterministic per reference and seed). */
  private freshVehicle(reference: string): PortalVehicle {
    const [record] = generateRecords(1, hash32(`${this.seed}:${reference}`), { now: this.clock.nowMs(), origin: this.origin });
    if (!record) throw new Error('generator returned nothing');
    return { ...record.vehicle, reference, url: listingUrl(this.origin, record.vehicle.title ?? '', reference) };
  }

  /** A change made behind a paging client's back (fault injection). Returns the reference affected. */
  mutate(action: 'insert' | 'remove' | 'touch'): string | undefined {
    const n = this.insertCounter++;
    if (action === 'insert') {
      const reference = `NEW-${String(n + 1).padStart(6, '0')}`;
      this.upsert({ reference });
      return reference;
    }
    const all = this.store.sortedBy([['reference', 'ASC']]);
    if (all.length === 0) return undefined;
    const victim = all[Math.floor(unitHash(this.seed, 'mutate', n) * all.length)];
    if (!victim) return undefined;
    const reference = victim.vehicle.reference;
    if (action === 'remove') this.store.remove(reference);
    else this.touch(reference);
    return reference;
  }
}

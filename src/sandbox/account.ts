// One client account of the portal: its stock, plan and write queue, and the operations the
// routes and the control API perform on them.
//
// Plan-exceeded rule: when more listings are published than the plan's adsQuantity, the most
// recently updated ones keep their publication and the rest (least recently updated first; on equal
// updatedAt, the greater reference) get `publication: null`. The same rule drops highlights beyond
// highlightsQuantity. A change made by the service bumps `updatedAt`, as the interface says
// ("time of last update, by the integrator or by the service").
import { accessoryById, brandById, modelById, otherInfoById, trimById } from './catalogue';
import type { DialectConfig } from './dialect';
import type { SandboxClock } from './clock';
import { HttpError } from './errors';
import { DEFAULT_URL_DELAY_MS, generateRecords, listingUrl, photoUrl, type GeneratedRecord } from './generator';
import { WriteQueue, type Claim } from './queue';
import { hash32, unitHash } from './random';
import { searchTextOf, VehicleStore, type StoredVehicle } from './store';
import type { PlanLimits, PlanView, PortalPicture, PortalVehicle, QueueJobInfo } from './types';
import { isRejectedPhotoUrl, type VehicleDraft } from './validation';

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
  private photoCounter = 0;
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

  requestCreate(draft: VehicleDraft, endpoint: string): QueueJobInfo {
    const reference = draft.reference ?? '';
    if (this.store.has(reference) || this.queue.hasPending(reference, 'CREATE_VEHICLE')) {
      throw new HttpError(422, `A vehicle with reference "${reference}" already exists`);
    }
    if (this.store.publishedCount + this.queue.claiming('listing').size >= this.plan.adsQuantity) {
      throw new HttpError(422, `No ads available in the current plan (adsQuantity ${this.plan.adsQuantity})`);
    }
    const vehicle = this.buildFromDraft(draft, undefined);
    const run = () => {
      if (this.store.has(reference)) return;
      const now = this.clock.nowMs();
      this.store.put(this.edited({ ...vehicle, publication: { highlighted: false } }, now));
      this.enforcePlan();
    };
    return this.queue.enqueue('CREATE_VEHICLE', reference, endpoint, run, 'listing');
  }

  requestUpdate(reference: string, draft: VehicleDraft, endpoint: string): QueueJobInfo {
    const current = this.store.get(reference);
    if (!current && !this.queue.hasPending(reference, 'CREATE_VEHICLE')) throw new HttpError(404, `Vehicle ${reference} not found`);
    if (draft.reference !== undefined && draft.reference !== reference) {
      throw new HttpError(422, 'The reference in the body must match the reference in the path');
    }
    // Check the catalogue now (422 at once); merge onto the state current when the job runs.
    if (current) this.buildFromDraft(draft, current.vehicle);
    return this.queue.enqueue('UPDATE_VEHICLE', reference, endpoint, () => {
      const cur = this.store.get(reference);
      if (!cur) return;
      const next = this.buildFromDraft(draft, cur.vehicle);
      this.store.put(this.edited({ ...next, publication: cur.vehicle.publication }, this.clock.nowMs(), cur));
    });
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

  /** A vehicle edited by the integrator at `now` (`before`: as it was): updatedAt bumped, url hidden until the url delay passes. */
  private edited(vehicle: PortalVehicle, now: number, before?: StoredVehicle): StoredVehicle {
    const v: PortalVehicle = { ...vehicle, updatedAt: new Date(now).toISOString(), url: listingUrl(this.origin, vehicle.title ?? '', vehicle.reference) };
    const staleUrl = before ? this.visibleUrl(before, now) : undefined;
    return { vehicle: v, updatedAtMs: now, urlReadyAtMs: now + this.urlDelayMs, searchText: searchTextOf(v), ...(staleUrl ? { staleUrl } : {}) };
  }

  /** The link a client reads now, whatever the dialect (the one an edit replaces). */
  private visibleUrl(sv: StoredVehicle, nowMs: number): string | undefined {
    return nowMs >= sv.urlReadyAtMs ? sv.vehicle.url : sv.staleUrl;
  }

  /** Builds a vehicle from a validated draft, over `base` for an update; throws 422 on catalogue errors. */
  private buildFromDraft(d: VehicleDraft, base: PortalVehicle | undefined): PortalVehicle {
    const trimId = d.trimId ?? base?.trim.id;
    const trim = trimId === undefined ? undefined : trimById.get(trimId);
    if (!trim) throw new HttpError(422, `Trim ${String(trimId)} not found in the catalogue`);
    const model = modelById.get(trim.modelId);
    const brand = model ? brandById.get(model.brandId) : undefined;
    if (!model || !brand) throw new HttpError(422, `Trim ${trim.id} has no model in the catalogue`);
    if (d.brandId !== undefined && d.brandId !== brand.id) throw new HttpError(422, `Trim ${trim.id} does not belong to brand ${d.brandId}`);
    const type = d.type ?? brand.vehicleType;
    if (type !== brand.vehicleType) throw new HttpError(422, `Type ${type} does not match the brand's vehicle type ${brand.vehicleType}`);
    const named = (ids: number[] | undefined, table: Map<number, { id: number; name: string }>, what: string) =>
      ids?.map((id) => {
        const item = table.get(id);
        if (!item) throw new HttpError(422, `${what} ${id} not found in the catalogue`);
        return { id: item.id, name: item.name };
      });
    if (d.pictures && d.pictures.length > this.plan.pictureQuantity) {
      throw new HttpError(422, `The current plan allows at most ${this.plan.pictureQuantity} pictures per vehicle`);
    }
    const mileage = d.mileage ?? (d.brandNew ? 0 : (base?.mileage ?? 0));
    const brandNew = d.brandNew ?? (base ? base.brandNew && mileage === 0 : mileage === 0);
    if (brandNew && mileage !== 0) throw new HttpError(422, 'A brand-new vehicle must have mileage 0');
    const manufacturedYear = d.manufacturedYear ?? base?.manufacturedYear ?? new Date(this.clock.nowMs()).getUTCFullYear();
    return {
      fuel: d.fuel ?? base?.fuel ?? trim.fuel,
      gearbox: d.gearbox ?? base?.gearbox ?? trim.gearbox,
      color: d.color ?? base?.color ?? 'OTHER',
      type,
      title: d.title ?? base?.title ?? '',
      description: d.description ?? base?.description ?? '',
      reference: d.reference ?? base?.reference ?? '',
      licensePlate: d.licensePlate ?? base?.licensePlate ?? '',
      document: d.document ?? base?.document ?? '',
      mileage,
      brandNew,
      doors: d.doors ?? base?.doors ?? (brand.vehicleType === 'M' ? 0 : 4),
      manufacturedYear,
      modelYear: d.modelYear ?? base?.modelYear ?? manufacturedYear,
      updatedAt: base?.updatedAt ?? new Date(this.clock.nowMs()).toISOString(),
      value: d.value ?? base?.value ?? 0,
      amountPerInstallment: d.amountPerInstallment ?? base?.amountPerInstallment ?? 0,
      amountOfInstallments: d.amountOfInstallments ?? base?.amountOfInstallments ?? 0,
      deposit: d.deposit ?? base?.deposit ?? 0,
      accessories: named(d.accessories, accessoryById, 'Accessory') ?? base?.accessories ?? [],
      active: d.active ?? base?.active ?? true,
      trim: { id: trim.id, name: trim.name, modelId: model.id },
      brand: { id: brand.id, name: brand.name, vehicleType: brand.vehicleType },
      pictures: d.pictures ? this.hostPictures(d.pictures) : (base?.pictures ?? []),
      publication: base?.publication ?? null,
      otherInfos: named(d.otherInfos, otherInfoById, 'Extra info') ?? base?.otherInfos ?? [],
    };
  }

  /** "Downloads" each photo: accepted ones get a source on the sandbox's photo host, rejected ones leave a gap. */
  private hostPictures(urls: string[]): PortalPicture[] {
    const out: PortalPicture[] = [];
    urls.forEach((originalUrl, i) => {
      if (isRejectedPhotoUrl(originalUrl)) return;
      const id = `u${(this.photoCounter++).toString(36)}-${hash32(originalUrl).toString(36)}`;
      out.push({ originalUrl, order: i + 1, source: photoUrl(this.origin, id) });
    });
    return out;
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
    this.store.put({ vehicle, updatedAtMs, urlReadyAtMs, searchText: searchTextOf(vehicle), ...(staleUrl ? { staleUrl } : {}) });
    this.enforcePlan();
    return this.wire(this.store.get(input.reference) ?? { vehicle, updatedAtMs, urlReadyAtMs, searchText: '' });
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

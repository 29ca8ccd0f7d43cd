// Fault injection for the integration API (never for the control routes). Probabilistic faults
// are deterministic: whether request number n fails depends only on (seed, n, kind).
import { unitHash } from './random';
import type { PortalVehicle } from './types';

export type InvalidVehicleKind = 'value-not-number' | 'missing-reference' | 'mileage-negative' | 'pictures-not-array' | 'not-an-object';
export const INVALID_VEHICLE_KINDS: readonly InvalidVehicleKind[] = [
  'value-not-number',
  'missing-reference',
  'mileage-negative',
  'pictures-not-array',
  'not-an-object',
];

export interface ListRequestInfo {
  /** 1-based count of GET /vehicles requests since the faults were set. */
  index: number;
  page: number;
  limit: number;
  clientId: string;
}

export interface FaultConfig {
  /** Delay added to every API request, in ms. */
  latencyMs?: number;
  /** Extra random delay in [0, latencyJitterMs], deterministic per request. */
  latencyJitterMs?: number;
  /** Probability per status code, e.g. { 500: 0.1, 503: 0.05 }. 502 and 504 come as HTML, like a gateway's. */
  errorRates?: Partial<Record<number, number>>;
  /** Probability that the connection is destroyed before any answer. */
  resetRate?: number;
  /** Probability that a response body is cut in the middle (connection closed mid-body). */
  truncateRate?: number;
  /** Probability that a 200 body is syntactically invalid JSON (complete HTTP response). */
  invalidJsonRate?: number;
  /** Vehicles served in a shape that violates the schema. */
  invalidVehicles?: {
    /** Fraction of vehicles (decided per reference, so always the same ones). */
    rate?: number;
    /** These references, always. */
    references?: string[];
    /** What is broken; default 'value-not-number'; 'mixed' picks per vehicle. */
    kind?: InvalidVehicleKind | 'mixed';
  };
  /** Changes the stock between page requests: before every Nth GET /vehicles, `count` times `action`. */
  mutateWhilePaging?: { everyNthPageRequest: number; action: 'insert' | 'remove' | 'touch'; count?: number };
  /** Called before each GET /vehicles is answered (after mutateWhilePaging); may change data. */
  onListRequest?: (info: ListRequestInfo) => void | Promise<void>;
  /** The next `count` API requests answer `status` (default 503). */
  failNext?: { count: number; status?: number };
  /** Limit request-level faults to these routes, e.g. ["GET /vehicles"]; default every API route. */
  routes?: string[];
  /**
   * Writes (PUT and POST /vehicles) the portal refuses on a field, as production does when a rule
   * Showroom cannot know fails: 400, NestJS style, `message` a list whose sentence names the field
   * ("title contains a forbidden word"). Only for these references when given; every write otherwise.
   */
  refuseWrites?: { field: string; message?: string; references?: string[] };
  /** Photo host faults. */
  photos?: {
    /** Serve an HTML page with content-type text/html instead of the JPEG. */
    notAnImage?: boolean;
    /** Serve a valid JPEG padded to this many bytes. */
    oversizeBytes?: number;
    /** Answer this status (e.g. 404, 500). */
    status?: number;
    /** Fraction of photos affected (per photo id); default 1. */
    rate?: number;
    /** Each answer waits for this first: a test holds the photo host to see what shows meanwhile. */
    hold?: () => Promise<void>;
  };
}

export type RequestFault = { kind: 'reset' } | { kind: 'status'; status: number } | { kind: 'truncate' } | { kind: 'invalid-json' } | { kind: 'none' };

export class FaultEngine {
  private config: FaultConfig = {};
  private requestIndex = 0;
  private listIndex = 0;
  private failNextLeft = 0;
  private failNextStatus = 503;

  constructor(
    private readonly seed: number,
    initial?: FaultConfig,
  ) {
    if (initial) this.set(initial);
  }

  /** Merges `config` into the current faults (fields set to undefined are removed). */
  set(config: FaultConfig): void {
    validate(config);
    const merged: FaultConfig = { ...this.config, ...config };
    for (const key of Object.keys(config) as Array<keyof FaultConfig>) if (config[key] === undefined) delete merged[key];
    this.config = merged;
    if (config.failNext) this.failNext(config.failNext.count, config.failNext.status);
    if (config.mutateWhilePaging || config.onListRequest) this.listIndex = 0;
  }

  clear(): void {
    this.config = {};
    this.failNextLeft = 0;
    this.listIndex = 0;
  }

  get(): FaultConfig {
    return { ...this.config, ...(this.failNextLeft > 0 ? { failNext: { count: this.failNextLeft, status: this.failNextStatus } } : {}) };
  }

  /** The next `count` API requests answer `status`. */
  failNext(count: number, status = 503): void {
    if (!Number.isInteger(count) || count < 0) throw new Error(`failNext count must be a non-negative integer, got ${count}`);
    this.failNextLeft = count;
    this.failNextStatus = status;
  }

  private applies(route: string): boolean {
    return !this.config.routes || this.config.routes.includes(route);
  }

  latencyFor(route: string): number {
    const c = this.config;
    if (!this.applies(route)) return 0;
    const jitter = c.latencyJitterMs ? Math.floor(unitHash(this.seed, 'jitter', this.requestIndex) * (c.latencyJitterMs + 1)) : 0;
    return (c.latencyMs ?? 0) + jitter;
  }

  /** The 400's sentence for a write of `reference` the faults refuse, or null. */
  writeRefusal(reference: string): string | null {
    const refuse = this.config.refuseWrites;
    if (refuse === undefined || (refuse.references !== undefined && !refuse.references.includes(reference))) return null;
    return `${refuse.field} ${refuse.message ?? 'is not accepted'}`;
  }

  /** Decides the fault of the next API request. */
  next(route: string): RequestFault {
    const n = ++this.requestIndex;
    if (!this.applies(route)) return { kind: 'none' };
    if (this.failNextLeft > 0) {
      this.failNextLeft--;
      return { kind: 'status', status: this.failNextStatus };
    }
    const c = this.config;
    if (c.resetRate && unitHash(this.seed, 'reset', n) < c.resetRate) return { kind: 'reset' };
    if (c.errorRates) {
      const u = unitHash(this.seed, 'error', n);
      let acc = 0;
      for (const [status, rate] of Object.entries(c.errorRates).sort(([a], [b]) => Number(a) - Number(b))) {
        acc += rate ?? 0;
        if (u < acc) return { kind: 'status', status: Number(status) };
      }
    }
    if (c.truncateRate && unitHash(this.seed, 'truncate', n) < c.truncateRate) return { kind: 'truncate' };
    if (c.invalidJsonRate && unitHash(this.seed, 'json', n) < c.invalidJsonRate) return { kind: 'invalid-json' };
    return { kind: 'none' };
  }

  /** Counts a list request; returns the mutation to perform first, if any. */
  nextListRequest(): { index: number; mutation?: { action: 'insert' | 'remove' | 'touch'; count: number } } {
    const index = ++this.listIndex;
    const m = this.config.mutateWhilePaging;
    if (m && index % m.everyNthPageRequest === 0) return { index, mutation: { action: m.action, count: m.count ?? 1 } };
    return { index };
  }

  get listHook(): FaultConfig['onListRequest'] {
    return this.config.onListRequest;
  }

  /** Whether some vehicles are served broken (the list route then serialises vehicle by vehicle). */
  get corruptsVehicles(): boolean {
    return this.config.invalidVehicles !== undefined;
  }

  /** The vehicle as served, broken when the invalidVehicles fault says so. */
  corrupt(vehicle: PortalVehicle): unknown {
    const iv = this.config.invalidVehicles;
    if (!iv) return vehicle;
    const hit = iv.references?.includes(vehicle.reference) || (iv.rate !== undefined && unitHash(this.seed, 'invalid', vehicle.reference) < iv.rate);
    if (!hit) return vehicle;
    const kind =
      iv.kind === 'mixed'
        ? INVALID_VEHICLE_KINDS[Math.floor(unitHash(this.seed, 'kind', vehicle.reference) * INVALID_VEHICLE_KINDS.length)]
        : (iv.kind ?? 'value-not-number');
    switch (kind) {
      case 'missing-reference': {
        const { reference: _r, ...rest } = vehicle;
        return rest;
      }
      case 'mileage-negative':
        return { ...vehicle, mileage: -1 };
      case 'pictures-not-array':
        return { ...vehicle, pictures: 'none' };
      case 'not-an-object':
        return `vehicle ${vehicle.reference}`;
      case 'value-not-number':
      default:
        return { ...vehicle, value: 'abc' };
    }
  }

  /** Photo fault for a photo id, if any. */
  photoFault(photoId: string): FaultConfig['photos'] | undefined {
    const p = this.config.photos;
    if (!p) return undefined;
    if (p.rate !== undefined && unitHash(this.seed, 'photo', photoId) >= p.rate) return undefined;
    return p;
  }
}

function validate(config: FaultConfig): void {
  const rate = (name: string, v: number | undefined): void => {
    if (v !== undefined && !(v >= 0 && v <= 1)) throw new Error(`${name} must be between 0 and 1, got ${v}`);
  };
  rate('resetRate', config.resetRate);
  rate('truncateRate', config.truncateRate);
  rate('invalidJsonRate', config.invalidJsonRate);
  rate('invalidVehicles.rate', config.invalidVehicles?.rate);
  rate('photos.rate', config.photos?.rate);
  for (const [status, r] of Object.entries(config.errorRates ?? {})) {
    const code = Number(status);
    if (!Number.isInteger(code) || code < 400 || code > 599) throw new Error(`errorRates keys must be HTTP error statuses, got ${status}`);
    rate(`errorRates[${status}]`, r);
  }
  if (config.latencyMs !== undefined && !(config.latencyMs >= 0)) throw new Error(`latencyMs must be >= 0, got ${config.latencyMs}`);
  if (config.refuseWrites !== undefined && !/^[A-Za-z]+$/.test(config.refuseWrites.field))
    throw new Error(`refuseWrites.field must be a field name, got ${config.refuseWrites.field}`);
  const m = config.mutateWhilePaging;
  if (m && (!Number.isInteger(m.everyNthPageRequest) || m.everyNthPageRequest < 1))
    throw new Error('mutateWhilePaging.everyNthPageRequest must be a positive integer');
}

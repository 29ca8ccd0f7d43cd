// Request counts, for benchmarks ("requests made", "429s provoked") and tests.

export interface StatsSnapshot {
  /** Every request the server answered or dropped, photos and control routes included. */
  total: number;
  /** Requests to the integration API (under the base path). */
  api: number;
  /** API answers with status 429. */
  rateLimited: number;
  /** Photo requests. */
  photos: number;
  /** Counts per route ("GET /vehicles", "GET /photos/:file", ...) and status ("200", "429", "reset", "truncated"). */
  byRoute: Record<string, Record<string, number>>;
}

export class Stats {
  private data: StatsSnapshot = empty();

  record(route: string, status: number | string, kind: 'api' | 'photo' | 'other'): void {
    const d = this.data;
    d.total++;
    if (kind === 'api') d.api++;
    if (kind === 'photo') d.photos++;
    if (kind === 'api' && status === 429) d.rateLimited++;
    const perRoute = (d.byRoute[route] ??= {});
    const key = String(status);
    perRoute[key] = (perRoute[key] ?? 0) + 1;
  }

  snapshot(): StatsSnapshot {
    return structuredClone(this.data);
  }

  /** Requests for one route, all statuses (route as in byRoute, e.g. "GET /vehicles"). */
  count(route: string, status?: number | string): number {
    const perRoute = this.data.byRoute[route];
    if (!perRoute) return 0;
    if (status !== undefined) return perRoute[String(status)] ?? 0;
    return Object.values(perRoute).reduce((a, b) => a + b, 0);
  }

  reset(): void {
    this.data = empty();
  }
}

function empty(): StatsSnapshot {
  return { total: 0, api: 0, rateLimited: 0, photos: 0, byRoute: {} };
}

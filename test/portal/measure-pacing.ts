// Measures the pacer on a full sync: `npx tsx test/portal/measure-pacing.ts [vehicles] [limit] [windowMs] [concurrency] [jitterMs]`
// (default 10,000 vehicles = 200 pages of 50, 50 requests / 10 s, concurrency 6, no added latency;
// jitterMs adds 0..jitterMs of random latency per request, so answers come back out of order). Not a test:
// timings belong in reports, not in assertions. Prints the elapsed time against the floor the
// limit allows, and the 429s the sandbox answered.
import { createPortalClient } from '../../src/main/portal';
import { startSandbox } from '../../src/sandbox';

const [vehicles = 10_000, limit = 50, windowMs = 10_000, concurrency = 6, jitterMs = 0] = process.argv.slice(2).map(Number);
const s = await startSandbox({ vehicles, rateLimit: { limit, windowMs }, faults: jitterMs ? { latencyJitterMs: jitterMs } : {} });
let waits = 0;
const client = createPortalClient({ baseUrl: s.baseUrl, integrationToken: s.integrationToken, concurrency, onWait: () => waits++ });
const started = performance.now();
const first = await client.listVehicles({ limit: 50, page: 1, sortBy: [['reference', 'ASC']] });
const pages = await Promise.all(
  Array.from({ length: first.meta.totalPages - 1 }, (_, i) =>
    client.listVehicles({ limit: first.meta.itemsPerPage, page: i + 2, sortBy: [['reference', 'ASC']] }),
  ),
);
const elapsed = performance.now() - started;
const items = first.items.length + pages.reduce((n, p) => n + p.items.length, 0);
const requests = s.stats.requests;
// The limit lets `limit` requests through per window: the last request cannot go before this.
const floor = Math.floor((requests - 1) / limit) * windowMs;
console.log(
  JSON.stringify({
    vehicles: items,
    pages: first.meta.totalPages,
    requests,
    rateLimited429: s.stats.rateLimited,
    waits,
    elapsedMs: Math.round(elapsed),
    floorMs: floor,
    ratio: floor ? +(elapsed / floor).toFixed(3) : null,
  }),
);
await s.close();

// Insights opened to every chart drawn, at 100,000 listings, over the real transport (the browser
// shell's server, WebSocket bridge and backend, the built renderer in Chromium: bench/lib/renderer-app.ts).
// Cold: the first time after the app opened on the inventory (the session computes the insights for
// the first time); warm: opened again. The renderer's JS heap after it. Goals: ≤ 500 ms cold, ≤ 150 MB.
// Needs `npx electron-vite build` first. Not a test: figures for docs/measurements.md.
import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { isMain, printResult, type BenchResult } from './lib/result';
import { startBenchApp } from './lib/renderer-app';

const COUNT = Number(process.env.BENCH_INSIGHTS_COUNT ?? 100_000);
const OPEN_GOAL_MS = 500;
const HEAP_GOAL_MB = 150;
const WARM_RUNS = 5;

const round = (n: number) => Math.round(n * 10) / 10;

/** The page's document, as much of it as the check needs (the bench is compiled without DOM types). */
type Doc = { querySelectorAll(selector: string): { length: number } };

/** True in the page once every card's chart is drawn. */
function allDrawn(): boolean {
  const doc = (globalThis as unknown as { document: Doc }).document;
  const cards = doc.querySelectorAll('[data-chart]').length;
  return cards > 0 && doc.querySelectorAll('[data-chart] svg[data-drawn]').length === cards;
}

/** From the click on Insights in the navigation to every card's chart drawn, in ms. */
async function openInsightsMs(page: Page): Promise<number> {
  const nav = page.getByRole('navigation').locator('button', { hasText: /Insights/ });
  const started = performance.now();
  await nav.click();
  await page.waitForFunction(allDrawn, null, { timeout: 60_000, polling: 'raf' });
  return performance.now() - started;
}

async function backToInventory(page: Page): Promise<void> {
  await page
    .getByRole('navigation')
    .locator('button', { hasText: /Inventory/ })
    .click();
  await page.getByTestId('inventory-row').first().waitFor({ timeout: 60_000 });
}

export async function run(): Promise<BenchResult[]> {
  const app = await startBenchApp({ count: COUNT });
  try {
    const page = await app.newPage();
    await page.goto(`${app.shell.server.origin}/`);
    await page.getByTestId('inventory-row').first().waitFor({ timeout: 120_000 });
    const cold = await openInsightsMs(page);
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) {
      await backToInventory(page);
      warm.push(await openInsightsMs(page));
    }
    const backend = app.channelTimes.get('inventory.insights') ?? [];
    const heap = await page.evaluate(() => (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize / 2 ** 20);
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ');
    const sorted = [...warm].sort((a, b) => a - b);
    return [
      {
        name: 'renderer-insights-open',
        figures: {
          vehicles: COUNT,
          'Insights opened to every chart drawn ms, cold': round(cold),
          [`same, warm (median of ${WARM_RUNS})`]: round(sorted[Math.floor(sorted.length / 2)] ?? NaN),
          'backend inventory.insights ms, first / median': `${round(backend[0] ?? NaN)} / ${round([...backend].sort((a, b) => a - b)[Math.floor(backend.length / 2)] ?? NaN)}`,
          'load average (1/5/15 min)': load,
        },
        ratio: cold,
        goal: `≤ ${OPEN_GOAL_MS} ms (cold)`,
        pass: cold <= OPEN_GOAL_MS,
      },
      {
        name: 'renderer-insights-heap',
        figures: { vehicles: COUNT, 'usedJSHeapSize MB after Insights opened 6 times': round(heap) },
        ratio: heap,
        goal: `≤ ${HEAP_GOAL_MB} MB`,
        pass: heap <= HEAP_GOAL_MB,
      },
    ];
  } finally {
    await app.close();
  }
}

if (isMain(import.meta.url)) for (const r of await run()) printResult(r);

// @vitest-environment happy-dom
// The inventory's rows follow the query asked last. The screen draws a typed text only with its
// answer (onAnswer), so a render can still show an older text: that render must not ask for the
// older text's rows again, a filter or sort changed meanwhile applies to the text typed last, and
// a cache change reads again the query asked last, not the one on screen. The real bridge
// (./bridge.ts) carries the calls; fixed answers stand in for main.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelName, Result } from '../../../src/shared/contract';
import type { ListQuery } from '../../../src/renderer/src/hooks/useInventoryRows';
import { ROW_PAGE_SIZE } from '../../../src/renderer/src/logic/rowPages';
import { installBridge, ok, type TestBridge } from './bridge';
import { rowView } from './rows';

function answer(channel: ChannelName, input: unknown): Result<unknown> {
  if (channel !== 'inventory.query')
    return { ok: false, error: { kind: 'internal', code: 'app.internal', message: `${channel} is not answered in this test` } };
  const { text } = input as { text: string };
  return ok({ total: 1, rows: [rowView({ reference: `REF-${text || 'all'}`, title: text })] });
}

const query = (text: string): ListQuery => ({ text, filters: {}, sort: { field: 'updatedAt', dir: 'desc' } });

describe('useInventoryRows', () => {
  let main: TestBridge;
  beforeAll(() => {
    main = installBridge(answer);
  });
  afterEach(cleanup);

  const texts = () => main.calls.filter((c) => c.channel === 'inventory.query').map((c) => (c.input as { text: string }).text);

  /** The texts of the answers drawn, in order (onAnswer). */
  let answered: string[] = [];

  async function mounted() {
    const { useInventoryRows } = await import('../../../src/renderer/src/hooks/useInventoryRows');
    answered = [];
    const onAnswer = (q: ListQuery) => answered.push(q.text);
    const hook = renderHook(({ q, version }: { q: ListQuery; version: number }) => useInventoryRows(q, version, { onAnswer }), {
      initialProps: { q: query(''), version: 1 },
    });
    await waitFor(() => expect(hook.result.current.total).toBe(1));
    main.calls.length = 0;
    answered = [];
    return hook;
  }

  it('asks for a typed text once, and not again when the screen draws it', async () => {
    const hook = await mounted();
    act(() => hook.result.current.request(query('f')));
    hook.rerender({ q: query('f'), version: 1 });
    await waitFor(() => expect(hook.result.current.getRow(0)?.reference).toBe('REF-f'));
    expect(texts()).toEqual(['f']);
  });

  it('does not ask again for a text typed before the one asked last, when a render still shows it', async () => {
    const hook = await mounted();
    act(() => {
      hook.result.current.request(query('f'));
      hook.result.current.request(query('fo'));
    });
    // The screen draws 'f' ('fo' not answered yet), then 'fo'.
    hook.rerender({ q: query('f'), version: 1 });
    hook.rerender({ q: query('fo'), version: 1 });
    await waitFor(() => expect(hook.result.current.getRow(0)?.reference).toBe('REF-fo'));
    expect(texts()).toEqual(['f', 'fo']);
  });

  it('reads again the query asked last when the cache changes, even while the screen shows an older text', async () => {
    const hook = await mounted();
    act(() => {
      hook.result.current.request(query('f'));
      hook.result.current.request(query('fo'));
    });
    hook.rerender({ q: query('f'), version: 2 });
    await waitFor(() => expect(texts()).toEqual(['f', 'fo', 'fo']));
    await waitFor(() => expect(hook.result.current.getRow(0)?.reference).toBe('REF-fo'));
  });

  it("tells the screen which query each drawn answer is for, the typed text's last", async () => {
    const hook = await mounted();
    act(() => {
      hook.result.current.request(query('f'));
      hook.result.current.request(query('fo'));
    });
    await waitFor(() => expect(hook.result.current.getRow(0)?.reference).toBe('REF-fo'));
    // The answer to 'f' came after 'fo' was asked: it is not drawn.
    expect(answered).toEqual(['fo']);
  });

  it('applies a filter changed before the typed text was answered to that text, not to the one drawn', async () => {
    const hook = await mounted();
    const diesel = (text: string): ListQuery => ({ ...query(text), filters: { fuel: ['diesel'] } });
    act(() => hook.result.current.request(query('fo')));
    // The dealer ticks a filter at once: the screen draws it with the text it shows ('').
    hook.rerender({ q: diesel(''), version: 1 });
    await waitFor(() => expect(answered).toEqual(['fo']));
    expect(main.calls.map((c) => c.input as ListQuery).at(-1)).toMatchObject({ text: 'fo', filters: { fuel: ['diesel'] } });
    expect(texts()).toEqual(['fo', 'fo']);
  });

  it('asks a new query for as many rows as the list shows, from the top: one page when they fit in one', async () => {
    const hook = await mounted();
    const windows = () => main.calls.map((c) => (c.input as { window: unknown }).window);
    // The list shows 17 rows (its range as the virtualizer reports it): one page of a new query.
    act(() => hook.result.current.ensureRange(0, 16));
    act(() => hook.result.current.request(query('f')));
    await waitFor(() => expect(windows()).toEqual([{ offset: 0, limit: ROW_PAGE_SIZE }]));
    // A taller list, scrolled: a new query starts at the top, with as many rows.
    main.calls.length = 0;
    act(() => hook.result.current.ensureRange(3, 3 + ROW_PAGE_SIZE));
    act(() => hook.result.current.request(query('fo')));
    await waitFor(() =>
      expect(windows()).toEqual([
        { offset: 0, limit: ROW_PAGE_SIZE },
        { offset: ROW_PAGE_SIZE, limit: ROW_PAGE_SIZE },
      ]),
    );
  });

  it('asks for a query the screen changed itself (a filter, the sort)', async () => {
    const hook = await mounted();
    hook.rerender({ q: { ...query(''), sort: { field: 'value', dir: 'asc' } }, version: 1 });
    await waitFor(() => expect(texts()).toEqual(['']));
    expect((main.calls[0]?.input as ListQuery).sort).toEqual({ field: 'value', dir: 'asc' });
  });

  it('asks for a filter the screen sets back, even when that query was typed before', async () => {
    const hook = await mounted();
    const diesel = (text: string): ListQuery => ({ ...query(text), filters: { fuel: ['diesel'] } });
    act(() => hook.result.current.request(query('f')));
    hook.rerender({ q: query('f'), version: 1 });
    hook.rerender({ q: diesel('f'), version: 1 });
    act(() => {
      hook.result.current.request(diesel('fo'));
      hook.result.current.request(diesel('f'));
    });
    hook.rerender({ q: diesel('f'), version: 1 });
    // The filter taken off again: 'f' without it was typed before, but the screen set it.
    hook.rerender({ q: query('f'), version: 1 });
    await waitFor(() => expect(main.calls.map((c) => c.input as ListQuery).at(-1)).toMatchObject({ text: 'f', filters: {} }));
    expect(texts()).toEqual(['f', 'f', 'fo', 'f', 'f']);
  });
});

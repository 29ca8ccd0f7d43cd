// @vitest-environment happy-dom
// The export dialog over the real bridge: it says how many listings, sends the screen's query in
// the UI's language, shows the worker's progress as "n of N", Cancel stops it (an outcome, not an
// error), and the outcome or a coded error is said in the dealer's language.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelName, Result } from '../../../src/shared/contract';
import { fill } from '../../../src/shared/i18n/messages';
import { ptBR } from '../../../src/shared/i18n/pt-BR';
import { en } from '../../../src/shared/i18n/en';
import { installBridge, ok, type TestBridge } from './bridge';

let bridge: TestBridge;
/** What main answers inventory.export with next (a promise the test settles). */
let nextExport: (input: unknown) => Promise<Result<unknown>>;

beforeAll(() => {
  bridge = installBridge((channel: ChannelName, input) => {
    if (channel === 'inventory.export') return nextExport(input);
    return ok(null);
  });
});
afterEach(cleanup);

const query = { text: 'fiat', filters: { fuel: ['FLEX'] }, sort: { field: 'value' as const, dir: 'asc' as const } };

async function open(language: 'en' | 'pt-BR', total: number) {
  const { initI18n } = await import('../../../src/renderer/src/i18n');
  const { ExportDialog } = await import('../../../src/renderer/src/components/ExportDialog');
  initI18n(language);
  let closed = 0;
  render(<ExportDialog source={{ channel: 'inventory.export', query }} total={total} onClose={() => (closed += 1)} />);
  return { closed: () => closed };
}

/** A held answer: the test settles it. */
function held(): { promise: Promise<Result<unknown>>; settle: (r: Result<unknown>) => void } {
  let settle: (r: Result<unknown>) => void = () => {};
  const promise = new Promise<Result<unknown>>((resolve) => (settle = resolve));
  return { promise, settle };
}

describe('ExportDialog', () => {
  it('pt-BR: the count, the query as on screen, progress n of N, Cancel is an outcome', async () => {
    await open('pt-BR', 1234);
    const answer = held();
    let sent: unknown;
    nextExport = (input) => {
      sent = input;
      return answer.promise;
    };
    fireEvent.click(screen.getByRole('radio', { name: ptBR.exportDialog.xlsx }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Exportar 1.234 anúncios' })));
    expect(sent).toEqual({ format: 'xlsx', language: 'pt-BR', query });

    act(() => bridge.emit('export.progress', { done: 500, total: 1234 }));
    const bar = screen.getByRole('progressbar', { name: ptBR.exportDialog.progressLabel });
    expect(bar.getAttribute('aria-valuetext')).toBe('500 de 1.234');
    expect(bar.getAttribute('aria-valuenow')).toBe('500');
    const cancel = screen.getByRole('button', { name: ptBR.common.cancel });
    expect(document.activeElement).toBe(cancel);

    await act(async () => fireEvent.click(cancel));
    expect(bridge.calls.map((c) => c.channel)).toContain('inventory.cancelExport');
    await act(async () => answer.settle(ok({ kind: 'cancelled' })));
    expect(screen.getByRole('status').textContent).toBe(ptBR.exportDialog.cancelled);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('en: saved where the dealer chose, said with its path; focus on Close', async () => {
    const dialog = await open('en', 1);
    nextExport = async () => ok({ kind: 'saved', file: '/home/dealer/Documents/showroom-listings-2026-11-22.csv', rows: 1, bytes: 300 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export 1 listing' })));
    expect(screen.getByRole('status').textContent).toBe('Saved to /home/dealer/Documents/showroom-listings-2026-11-22.csv');
    const close = screen.getByRole('button', { name: en.common.close });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    expect(dialog.closed()).toBe(1);
  });

  it('pt-BR: a coded error from main is said in Portuguese, and the dealer can try again', async () => {
    await open('pt-BR', 3);
    const file = '/media/pendrive/x.csv';
    nextExport = async () => ({
      ok: false,
      error: { kind: 'bad_input', message: fill(en.codes.export.noFolder, { file }), code: 'export.noFolder', params: { file } },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Exportar 3 anúncios' })));
    expect(screen.getByRole('alert').textContent).toContain(fill(ptBR.codes.export.noFolder, { file }));
    expect(screen.getByRole('button', { name: 'Exportar 3 anúncios' })).toBeTruthy();
  });

  it('offers again the format chosen last time', async () => {
    await open('en', 3);
    fireEvent.click(screen.getByRole('radio', { name: en.exportDialog.xlsx }));
    cleanup();
    await open('en', 3);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: en.exportDialog.xlsx }).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: en.exportDialog.csv }));
    cleanup();
    await open('en', 3);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: en.exportDialog.csv }).checked).toBe(true);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createGate, createGateFor, type Handlers } from '../../src/main/ipc/gate';
import { notPlainDataAt } from '../../src/main/ipc/plain-data';
import { decodeInvoke, encodeMessage } from '../../src/shared/bridge-wire';
import { channel } from '../../src/shared/contract';
import { codedError } from '../../src/shared/i18n/messages';
import type { Logger } from '../../src/main/base/logger';
import { stubHandlers } from './stub-handlers';

const APP_URL = 'showroom-app://app/index.html';
const trusted = { url: 'showroom-app://app/index.html#/inventory', frameIsMain: true };

function recordingLogger(): Logger & { lines: unknown[][] } {
  const lines: unknown[][] = [];
  const logger = {
    lines,
    debug: (...a: unknown[]) => lines.push(['debug', ...a]),
    info: (...a: unknown[]) => lines.push(['info', ...a]),
    warn: (...a: unknown[]) => lines.push(['warn', ...a]),
    error: (...a: unknown[]) => lines.push(['error', ...a]),
    child: () => logger,
    addSecret: () => {},
  };
  return logger;
}

describe('gate over the real contract', () => {
  it('runs the handler with the parsed input (defaults applied) and wraps the value', async () => {
    const query = vi.fn<Handlers['inventory.query']>(async (input) => ({ total: 0, offset: input.window.offset, rows: [], text: input.text }) as never);
    const gate = createGate(stubHandlers({ 'inventory.query': query }), { appUrl: APP_URL });
    const result = await gate('inventory.query', { window: { offset: 0, limit: 50 } }, trusted);
    expect(result.ok).toBe(true);
    expect(query).toHaveBeenCalledOnce();
    const [input, ctx] = query.mock.calls[0]!;
    expect(input.text).toBe('');
    expect(input.sort).toEqual({ field: 'updatedAt', dir: 'desc' });
    expect(ctx.channel).toBe('inventory.query');
    expect(ctx.sender).toEqual(trusted);
  });

  it('refuses an unknown channel without running anything', async () => {
    const handlers = stubHandlers();
    const gate = createGate(handlers, { appUrl: APP_URL });
    for (const name of ['nope', 'constructor', '__proto__', 'toString', 42, null, undefined]) {
      const result = await gate(name, {}, trusted);
      expect(result).toMatchObject({ ok: false, error: { kind: 'bad_input', code: 'app.unknownRequest', detail: { reason: 'unknown_channel' } } });
    }
  });

  it('refuses bad input with the zod issues and does not call the handler', async () => {
    const get = vi.fn<Handlers['vehicles.get']>();
    const gate = createGate(stubHandlers({ 'vehicles.get': get }), { appUrl: APP_URL });
    const result = await gate('vehicles.get', { reference: '', extra: 'x' }, trusted);
    expect(get).not.toHaveBeenCalled();
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('bad_input');
    const issues = result.error.detail?.issues as { path: string[]; code: string }[];
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.some((i) => i.path[0] === 'reference')).toBe(true);
    // Not an object at all.
    expect(await gate('vehicles.get', 'ABC123', trusted)).toMatchObject({ ok: false, error: { kind: 'bad_input', code: 'app.invalidRequest' } });
    expect(await gate('app.info', undefined, trusted)).toMatchObject({ ok: false, error: { kind: 'bad_input' } });
  });

  it('inventory.export: a format, a language and the screen’s query without a window; anything else is refused unread', async () => {
    const exportView = vi.fn<Handlers['inventory.export']>(async () => ({ kind: 'cancelled' }));
    const gate = createGate(stubHandlers({ 'inventory.export': exportView }), { appUrl: APP_URL });
    const query = { text: 'civic', filters: { fuel: ['FLEX'] }, sort: { field: 'value', dir: 'asc' } };
    expect(await gate('inventory.export', { format: 'xlsx', language: 'pt-BR', query }, trusted)).toEqual({ ok: true, value: { kind: 'cancelled' } });
    expect(exportView.mock.calls[0]![0]).toEqual({ format: 'xlsx', language: 'pt-BR', query });
    for (const bad of [
      { format: 'pdf', language: 'en', query },
      { format: 'csv', language: 'fr', query },
      { format: 'csv', language: 'en', query: { ...query, window: { offset: 0, limit: 10 } } },
      { format: 'csv', language: 'en', query, file: '/etc/passwd' },
      { format: 'csv', language: 'en' },
    ]) {
      expect(await gate('inventory.export', bad, trusted)).toMatchObject({ ok: false, error: { kind: 'bad_input' } });
    }
    expect(exportView).toHaveBeenCalledOnce();
  });

  it('passes a thrown AppError through as its tagged shape', async () => {
    const gate = createGate(
      stubHandlers({
        'vehicles.get': async () => {
          throw codedError('not_found', { code: 'cache.noListing', params: { reference: 'ABC123' } }, { reference: 'ABC123' });
        },
      }),
      { appUrl: APP_URL },
    );
    expect(await gate('vehicles.get', { reference: 'ABC123' }, trusted)).toEqual({
      ok: false,
      error: {
        kind: 'not_found',
        message: 'There is no listing “ABC123” in the local inventory. Sync to refresh it.',
        code: 'cache.noListing',
        params: { reference: 'ABC123' },
        detail: { reference: 'ABC123' },
      },
    });
  });

  it('turns a plain Error into an internal error without its stack, and logs it', async () => {
    const logger = recordingLogger();
    const gate = createGate(
      stubHandlers({
        'sync.status': async () => {
          throw new TypeError('cannot read properties of undefined');
        },
      }),
      { appUrl: APP_URL, logger },
    );
    const result = await gate('sync.status', {}, trusted);
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(JSON.stringify(result)).not.toMatch(/at .*gate\.test|\.ts:\d+/);
    expect(logger.lines.some((l) => l[0] === 'error')).toBe(true);
  });

  it('never lets a token, a JWT or an Authorization value reach the renderer', async () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    const gate = createGate(
      stubHandlers({
        'plan.get': async () => {
          throw new Error(`request failed: Authorization: Bearer ${jwt} at https://portal/x?token=SECRET-TOKEN-123`);
        },
        'sync.start': async () => {
          throw codedError(
            'server',
            { code: 'portal.server' },
            { headers: { authorization: `Bearer ${jwt}` }, token: 'SECRET-TOKEN-123', stack: 'Error\n  at x' },
          );
        },
      }),
      { appUrl: APP_URL },
    );
    for (const [name, input] of [
      ['plan.get', {}],
      ['sync.start', {}],
    ] as const) {
      const text = JSON.stringify(await gate(name, input, trusted));
      expect(text).not.toContain(jwt);
      expect(text).not.toContain('SECRET-TOKEN-123');
      expect(text).not.toContain('  at x');
    }
  });

  it('makes an error detail that cannot be cloned into plain data', async () => {
    const gate = createGate(
      stubHandlers({
        'sync.cancel': async () => {
          throw codedError('server', { code: 'portal.server' }, { status: 503, fn: () => 1, big: 10n as unknown as number });
        },
      }),
      { appUrl: APP_URL },
    );
    const result = await gate('sync.cancel', {}, trusted);
    expect(() => structuredClone(result)).not.toThrow();
    expect(result).toMatchObject({ ok: false, error: { kind: 'server', detail: { status: 503 } } });
  });

  it('refuses untrusted senders: another origin, a subframe, a file: page, no URL', async () => {
    const info = vi.fn<Handlers['app.info']>();
    const logger = recordingLogger();
    const gate = createGate(stubHandlers({ 'app.info': info }), { appUrl: APP_URL, logger });
    const senders = [
      { url: 'https://evil.example/index.html', frameIsMain: true },
      { url: 'showroom-app://app/index.html', frameIsMain: false },
      { url: 'file:///etc/passwd', frameIsMain: true },
      { url: 'showroom-app://other/index.html', frameIsMain: true },
      { url: '', frameIsMain: true },
      { url: 'about:blank', frameIsMain: true },
    ];
    for (const sender of senders) {
      const result = await gate('app.info', {}, sender);
      expect(result).toMatchObject({ ok: false, error: { kind: 'internal', code: 'app.requestRefused', detail: { reason: 'untrusted_sender' } } });
    }
    expect(await gate('app.info', {}, undefined as never)).toMatchObject({ ok: false });
    expect(info).not.toHaveBeenCalled();
    expect(logger.lines.filter((l) => l[0] === 'warn')).toHaveLength(senders.length + 1);
  });

  it('reads the app URL lazily (the dev server URL is known late)', async () => {
    let appUrl = 'http://localhost:5173/';
    const gate = createGate(
      stubHandlers({ 'app.info': async () => ({ version: '1', dataFolder: '/d', logsFolder: '/l', platform: 'linux', systemLanguage: 'en' }) }),
      { appUrl: () => appUrl },
    );
    expect((await gate('app.info', {}, { url: 'http://localhost:5173/#/x', frameIsMain: true })).ok).toBe(true);
    appUrl = APP_URL;
    expect((await gate('app.info', {}, { url: 'http://localhost:5173/', frameIsMain: true })).ok).toBe(false);
  });
});

describe('createGateFor (any zod contract)', () => {
  const channels = {
    'math.add': channel(z.object({ a: z.number(), b: z.number() }).strict()).returns<number>(),
    'text.trim': channel(z.object({ s: z.string().trim() })).returns<string>(),
  };

  it('derives its handler type from the contract and validates with its schemas', async () => {
    const gate = createGateFor(
      channels,
      {
        'math.add': async ({ a, b }) => a + b,
        'text.trim': async ({ s }) => s,
      },
      { appUrl: APP_URL },
    );
    expect(await gate('math.add', { a: 1, b: 2 }, trusted)).toEqual({ ok: true, value: 3 });
    expect(await gate('text.trim', { s: '  x  ' }, trusted)).toEqual({ ok: true, value: 'x' });
    expect(await gate('math.add', { a: '1', b: 2 }, trusted)).toMatchObject({ ok: false, error: { kind: 'bad_input' } });
  });

  it('is a compile error to leave a channel without a handler', () => {
    // @ts-expect-error 'text.trim' has no handler
    createGateFor(channels, { 'math.add': async ({ a, b }) => a + b }, { appUrl: APP_URL });
  });
});

describe('plain data only (issue 28, item 5)', () => {
  // Both transports keep more than JSON: Electron's IPC sends a structured clone, the browser
  // shell's WebSocket devalue text. Each delivers these to the gate as themselves.
  const electron = (input: unknown) => structuredClone(input);
  const browserShell = (input: unknown) => decodeInvoke(encodeMessage({ id: 1, channel: 'inventory.query', input }))!.input;
  const window = { offset: 0, limit: 50 };
  const notPlain: Array<[string, unknown, string[]]> = [
    ['a Map for the filters', { window, filters: new Map([['fuel', ['FLEX']]]) }, ['filters']],
    ['a Set for the filters', { window, filters: new Set() }, ['filters']],
    ['a Date for the sort', { window, sort: new Date(0) }, ['sort']],
    ['a RegExp for the window', { window: /x/ }, ['window']],
    ['a Map for the whole input', new Map([['window', window]]), []],
    ['a Date deep inside', { window, filters: { fuel: [new Date(0)] } }, ['filters', 'fuel', '0']],
  ];

  for (const [transport, deliver] of [
    ['Electron', electron],
    ['browser shell', browserShell],
  ] as const) {
    it(`${transport}: a Map, Set, Date or RegExp where an object is expected is refused, the handler not run`, async () => {
      const query = vi.fn<Handlers['inventory.query']>(async () => ({ total: 0, offset: 0, rows: [], text: '' }) as never);
      const logger = recordingLogger();
      const gate = createGate(stubHandlers({ 'inventory.query': query }), { appUrl: APP_URL, logger });
      for (const [what, input, path] of notPlain) {
        const delivered = deliver(input);
        expect(delivered, what).not.toEqual(JSON.parse(JSON.stringify(delivered ?? null)) as unknown);
        expect(await gate('inventory.query', delivered, trusted), what).toMatchObject({
          ok: false,
          error: { kind: 'bad_input', detail: { reason: 'not_plain_data', path } },
        });
      }
      expect(query).not.toHaveBeenCalled();
      // Plain data still goes through, with its defaults.
      const plain = deliver({ window, filters: { fuel: ['FLEX'] }, sort: { field: 'value', dir: 'asc' } });
      expect(await gate('inventory.query', plain, trusted)).toMatchObject({ ok: true });
      expect(query).toHaveBeenCalledOnce();
    });
  }

  it('a cycle, a class instance and a null-prototype object: the first two refused, the last is plain', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    class Filters {
      fuel = ['FLEX'];
    }
    expect(notPlainDataAt(cyclic)).toEqual(['self']);
    expect(notPlainDataAt({ filters: new Filters() })).toEqual(['filters']);
    expect(notPlainDataAt({ list: new Uint8Array(2) })).toEqual(['list']);
    const bare = Object.assign(Object.create(null) as object, { a: [1, 'x', null, undefined, true] });
    expect(notPlainDataAt(bare)).toBeNull();
    // The same object twice is not a cycle.
    const shared = { x: 1 };
    expect(notPlainDataAt({ a: shared, b: [shared, shared] })).toBeNull();
  });
});

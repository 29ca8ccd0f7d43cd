import { describe, expect, it, vi } from 'vitest';
import { createBridge, createEventRouter, type BridgeTransport } from '../../src/preload/bridge';
import type { ShowroomBridge } from '../../src/shared/contract';
import { PHOTO_PROTOCOL_BASE, PHOTO_ROUTE_BASE } from '../../src/shared/photo-url';

function fakeTransport(answer: unknown = { ok: true, value: null }) {
  const router = createEventRouter();
  const transport = {
    invoke: vi.fn<BridgeTransport['invoke']>(async () => answer),
    subscribe: vi.fn<BridgeTransport['subscribe']>(router.subscribe),
    photoBase: PHOTO_PROTOCOL_BASE,
    router,
  };
  return transport;
}

// The renderer is untrusted input as far as the bridge is concerned: call it loosely typed.
const loose = (bridge: ShowroomBridge) => bridge as unknown as { invoke(c: unknown, i: unknown): Promise<unknown>; on(e: unknown, l: unknown): () => void };

describe('createBridge', () => {
  it("names photos under its transport's base: the protocol in Electron, the route in the browser shell", () => {
    expect(createBridge(fakeTransport()).photoUrl('a b/c')).toBe('showroom-photo://photo/a%20b%2Fc');
    expect(createBridge({ ...fakeTransport(), photoBase: PHOTO_ROUTE_BASE }).photoUrl('a b/c')).toBe('/photo/a%20b%2Fc');
    expect(() => (createBridge(fakeTransport()) as unknown as { photoUrl(id: unknown): string }).photoUrl({ toString: () => 'x' })).toThrow(TypeError);
  });

  it('forwards a contract channel and returns the Result', async () => {
    const t = fakeTransport({ ok: true, value: { version: '1.0.0' } });
    const bridge = createBridge(t);
    expect(await bridge.invoke('app.info', {})).toEqual({ ok: true, value: { version: '1.0.0' } });
    expect(t.invoke).toHaveBeenCalledWith('app.info', {});
  });

  it('passes a tagged error through', async () => {
    const error = { kind: 'not_found', message: 'No such vehicle', code: 'cache.noListing', detail: { reference: 'X' } };
    const bridge = createBridge(fakeTransport({ ok: false, error }));
    expect(await bridge.invoke('vehicles.get', { reference: 'X' })).toEqual({ ok: false, error });
  });

  it('passes a coded error (message code and params) through', async () => {
    const coded = {
      kind: 'not_found',
      message: 'The portal has no listing with the reference “X”.',
      code: 'portal.noListing',
      params: { reference: 'X', count: 1 },
      detail: { status: 404 },
    };
    expect(await createBridge(fakeTransport({ ok: false, error: coded })).invoke('vehicles.get', { reference: 'X' })).toEqual({ ok: false, error: coded });
  });

  it('turns an error whose code is missing or malformed, or whose params are, into an internal error', async () => {
    for (const extra of [
      { code: undefined },
      { code: 1 },
      { code: null },
      { params: 'x' },
      { params: [] },
      { params: { a: {} } },
      { params: { a: null } },
      { params: { a: Number.NaN } },
    ]) {
      const answer = { ok: false, error: { kind: 'not_found', message: 'x', code: 'cache.noListing', ...extra } };
      expect(await createBridge(fakeTransport(answer)).invoke('app.info', {})).toMatchObject({ ok: false, error: { kind: 'internal' } });
    }
  });

  it('rejects channels outside the contract without touching the transport', async () => {
    const t = fakeTransport();
    const bridge = loose(createBridge(t));
    for (const name of ['fs.readFile', 'constructor', '__proto__', 'hasOwnProperty', '', 1, null, { toString: () => 'app.info' }]) {
      await expect(bridge.invoke(name, {})).rejects.toThrow(TypeError);
    }
    expect(t.invoke).not.toHaveBeenCalled();
  });

  it('turns an answer that is not a Result into an internal error', async () => {
    for (const answer of [
      undefined,
      null,
      'ok',
      [],
      { ok: true },
      { ok: false },
      { ok: false, error: { kind: 'made_up', message: 'x' } },
      { ok: false, error: { kind: 'internal' } },
      { value: 1 },
    ]) {
      const t = fakeTransport();
      t.invoke.mockResolvedValueOnce(answer);
      expect(await createBridge(t).invoke('app.info', {})).toMatchObject({ ok: false, error: { kind: 'internal' } });
    }
  });

  it('lets a transport failure reject (the typed client reports it)', async () => {
    const t = fakeTransport();
    t.invoke.mockRejectedValueOnce(new Error('IPC gone'));
    await expect(createBridge(t).invoke('app.info', {})).rejects.toThrow('IPC gone');
  });

  it('subscribes only to contract events and unsubscribes once', () => {
    const t = fakeTransport();
    const bridge = createBridge(t);
    const listener = vi.fn();
    const off = bridge.on('sync.progress', listener);
    t.router.dispatch('sync.progress', { phase: 'pages' });
    t.router.dispatch('connectivity', { online: true });
    t.router.dispatch('made.up', { x: 1 });
    off();
    off();
    t.router.dispatch('sync.progress', { phase: 'again' });
    expect(listener.mock.calls).toEqual([[{ phase: 'pages' }]]);
    expect(t.subscribe).toHaveBeenCalledOnce();
    expect(() => loose(bridge).on('ipc.anything', () => {})).toThrow(TypeError);
    expect(() => loose(bridge).on('sync.progress', 'not a function')).toThrow(TypeError);
    expect(t.subscribe).toHaveBeenCalledOnce();
  });

  it('exposes exactly invoke, on and photoUrl as own properties (what contextBridge copies)', () => {
    const bridge = createBridge(fakeTransport());
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on', 'photoUrl']);
  });
});

describe('event router', () => {
  it('keeps delivering to other listeners when one throws', async () => {
    const router = createEventRouter();
    const good = vi.fn();
    router.subscribe('connectivity', () => {
      throw new Error('screen bug');
    });
    router.subscribe('connectivity', good);
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    process.on('uncaughtException', onError);
    router.dispatch('connectivity', { online: true });
    await new Promise((r) => setTimeout(r, 0));
    process.off('uncaughtException', onError);
    expect(good).toHaveBeenCalledOnce();
    expect(errors).toHaveLength(1);
  });

  it('ignores non-contract names', () => {
    const router = createEventRouter();
    expect(() => router.dispatch('x', {})).not.toThrow();
  });
});

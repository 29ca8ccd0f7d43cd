// The shared client turns bridge Results into values or typed BridgeErrors; photo URLs round-trip.
import { describe, expect, it } from 'vitest';
import { BridgeError, createClient } from '../../src/shared/client';
import { CHANNEL_NAMES, EVENT_NAMES, channels, events, photoIdFromUrl, photoUrl, type ShowroomBridge } from '../../src/shared/contract';

function bridge(answer: (channel: string, input: unknown) => Promise<unknown>): ShowroomBridge {
  return { invoke: answer as ShowroomBridge['invoke'], on: () => () => undefined, photoUrl: (id) => `photo:${id}` };
}

describe('client', () => {
  it('returns the value of an ok Result', async () => {
    const client = createClient(bridge(async () => ({ ok: true, value: [] })));
    await expect(client.call('accounts.list', {})).resolves.toEqual([]);
  });
  it('throws a BridgeError carrying kind, message and detail', async () => {
    const client = createClient(bridge(async () => ({ ok: false, error: { kind: 'token_refused', message: 'refused', detail: { status: 401 } } })));
    const error = await client.call('sync.start', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ kind: 'token_refused', message: 'refused', detail: { status: 401 }, channel: 'sync.start' });
  });
  it('turns a transport failure into an internal BridgeError', async () => {
    const client = createClient(bridge(async () => Promise.reject(new Error('gone'))));
    // With a message code, so the dealer reads it in the UI's language (useErrorText renders codes).
    await expect(client.call('app.info', {})).rejects.toMatchObject({ kind: 'internal', code: 'app.unreachable' });
  });
});

describe('contract', () => {
  it('lists every channel and event once', () => {
    expect(new Set(CHANNEL_NAMES).size).toBe(CHANNEL_NAMES.length);
    // The names the preload forwards are exactly the contract's channels and events.
    expect([...CHANNEL_NAMES].sort()).toEqual(Object.keys(channels).sort());
    expect([...EVENT_NAMES].sort()).toEqual(Object.keys(events).sort());
    expect(CHANNEL_NAMES).toContain('inventory.query');
    expect(EVENT_NAMES).toContain('sync.progress');
  });
  it('validates inputs: defaults filled, windows bounded, unknown keys refused', () => {
    const q = channels['inventory.query'].input.parse({ window: { offset: 0, limit: 100 } });
    expect(q).toMatchObject({ text: '', filters: {}, sort: { field: 'updatedAt', dir: 'desc' } });
    expect(channels['inventory.query'].input.safeParse({ window: { offset: 0, limit: 100_000 } }).success).toBe(false);
    expect(channels['accounts.add'].input.safeParse({ name: ' ', baseUrl: 'https://x', token: 't' }).success).toBe(false);
    expect(channels['vehicles.get'].input.safeParse({ reference: 'A', extra: 1 }).success).toBe(false);
  });
  it('builds and parses photo URLs by opaque id', () => {
    expect(photoUrl('a b/c')).toBe('showroom-photo://photo/a%20b%2Fc');
    expect(photoIdFromUrl(photoUrl('a b/c'))).toBe('a b/c');
    expect(photoIdFromUrl('showroom-photo://photo/../etc')).toBeNull();
    expect(photoIdFromUrl('https://x/photo/1')).toBeNull();
  });
});

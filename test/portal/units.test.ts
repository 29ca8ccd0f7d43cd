// Pure pieces of the portal client: duration texts, the queue header, reset/retry-after headers,
// JWT lifetime.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { parseDurationMs } from '../../src/main/portal/duration';
import { classifyNetworkError } from '../../src/main/portal/errors';
import { parseResetHeader, parseRetryAfter } from '../../src/main/portal/pacer';
import { parseQueueHeader } from '../../src/main/portal/queue-header';
import { jwtLifetimeMs } from '../../src/main/portal/session';

describe('parseDurationMs', () => {
  it.each([
    ['1d', 86_400_000],
    ['12h', 43_200_000],
    ['30m', 1_800_000],
    ['45s', 45_000],
    ['500ms', 500],
    ['1.5h', 5_400_000],
    ['2 days', 172_800_000],
    ['1w', 604_800_000],
    ['3600', 3_600_000],
    [' 7D ', 604_800_000],
  ])('%s → %d ms', (text, ms) => expect(parseDurationMs(text)).toBe(ms));

  it.each(['', 'soon', '1y', '-5m', '0s', 'd1', '1 d 2 h'])('%s → undefined', (text) => expect(parseDurationMs(text)).toBeUndefined());
  it('ignores non-strings', () => {
    expect(parseDurationMs(null)).toBeUndefined();
    expect(parseDurationMs({})).toBeUndefined();
    expect(parseDurationMs(60)).toBe(60_000);
  });
});

describe('parseQueueHeader', () => {
  it('reads the documented shape', () => {
    const header = JSON.stringify([{ jobId: 'j1', messageType: 'UNPUBLISH_VEHICLE', endpoint: '/publications/A1', timestamp: '2024-01-01T00:00:00.000Z' }]);
    expect(parseQueueHeader(header)).toEqual({
      jobs: [{ jobId: 'j1', messageType: 'UNPUBLISH_VEHICLE', endpoint: '/publications/A1', timestamp: '2024-01-01T00:00:00.000Z' }],
      notes: [],
    });
  });
  it('absent header: no jobs, no notes', () => {
    expect(parseQueueHeader(null)).toEqual({ jobs: [], notes: [] });
    expect(parseQueueHeader('  ')).toEqual({ jobs: [], notes: [] });
  });
  it('garbage is ignored with a note, never thrown', () => {
    expect(parseQueueHeader('{not json')).toEqual({ jobs: [], notes: ['x-status-queue header ignored: not JSON'] });
    expect(parseQueueHeader('42').notes[0]).toMatch(/not a list/);
  });
  it('keeps the good jobs of a partly bad list, numeric job ids as text', () => {
    const result = parseQueueHeader(JSON.stringify([{ jobId: 7, messageType: 'CREATE_VEHICLE' }, { nope: true }, 'x']));
    expect(result.jobs).toEqual([{ jobId: '7', messageType: 'CREATE_VEHICLE' }]);
    expect(result.notes).toHaveLength(2);
  });
  it('accepts a single job object', () => {
    expect(parseQueueHeader(JSON.stringify({ jobId: 'a', messageType: 'PUBLISH_VEHICLE' })).jobs).toHaveLength(1);
  });
  it('reads message types in either case as the capitals the notes use (the documentation writes create_vehicle)', () => {
    const header = JSON.stringify([
      { jobId: 1, messageType: 'unpublish_vehicle' },
      { jobId: 2, messageType: ' Create_Vehicle ' },
    ]);
    expect(parseQueueHeader(header).jobs.map((j) => j.messageType)).toEqual(['UNPUBLISH_VEHICLE', 'CREATE_VEHICLE']);
  });
  it('a job with an unreadable timestamp or endpoint, or extra fields, is kept without them', () => {
    const header = JSON.stringify({ jobId: 'a', messageType: 'publish_vehicle', timestamp: 'yesterday-ish', endpoint: 42, attempts: 3 });
    expect(parseQueueHeader(header)).toEqual({
      jobs: [{ jobId: 'a', messageType: 'PUBLISH_VEHICLE', timestamp: undefined, endpoint: undefined, attempts: 3 }],
      notes: [],
    });
  });
});

describe('rate-limit headers', () => {
  const t = 1_700_000_000_000;
  it('reset: seconds from now, epoch seconds, epoch ms, HTTP date', () => {
    expect(parseResetHeader('10', t)).toBe(t + 10_000);
    expect(parseResetHeader('2.5', t)).toBe(t + 2_500);
    expect(parseResetHeader(String(t / 1000 + 7), t)).toBe(t + 7_000);
    expect(parseResetHeader(String(t + 3_000), t)).toBe(t + 3_000);
    expect(parseResetHeader(new Date(t + 4_000).toUTCString(), t)).toBe(t + 4_000);
    // An epoch value is read against the server's Date header: our clock may be off.
    const serverDate = new Date(t - 60_000).toUTCString();
    expect(parseResetHeader(String((t - 60_000) / 1000 + 5), t, serverDate)).toBe(t + 5_000);
    expect(parseResetHeader(null, t)).toBeUndefined();
    expect(parseResetHeader('soon', t)).toBeUndefined();
  });
  it('retry-after: seconds or HTTP date', () => {
    expect(parseRetryAfter('3', t)).toBe(3_000);
    expect(parseRetryAfter(new Date(t + 12_000).toUTCString(), t)).toBe(12_000);
    expect(parseRetryAfter(new Date(t - 5_000).toUTCString(), t)).toBe(0);
    expect(parseRetryAfter(null, t)).toBeUndefined();
    expect(parseRetryAfter('later', t)).toBeUndefined();
  });
});

describe('jwtLifetimeMs', () => {
  const key = new TextEncoder().encode('k'.repeat(32));
  const jwt = (iat: number, exp: number) => new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(iat).setExpirationTime(exp).sign(key);
  // A whole-second iat may be up to a second before the JWT was issued: that second is not counted.
  it('the sooner of expiration text and exp − iat', async () => {
    const now = 1_700_000_000_000;
    const token = await jwt(now / 1000, now / 1000 + 3600);
    expect(jwtLifetimeMs(token, '1d', now)).toBe(3_599_000);
    expect(jwtLifetimeMs(token, '30m', now)).toBe(1_800_000);
  });
  it('exp − iat does not depend on our clock', async () => {
    const token = await jwt(1000, 1060);
    expect(jwtLifetimeMs(token, undefined, 9_999_999_999_999)).toBe(59_000);
  });
  it('an opaque token: the text alone; nothing readable: undefined', () => {
    expect(jwtLifetimeMs('opaque', '45s', 0)).toBe(45_000);
    expect(jwtLifetimeMs('opaque', 'whenever', 0)).toBeUndefined();
  });
});

describe('classifyNetworkError', () => {
  const fetchFailed = (cause: unknown) => Object.assign(new TypeError('fetch failed'), { cause });
  it('system codes', () => {
    expect(classifyNetworkError(fetchFailed(Object.assign(new Error('x'), { code: 'ECONNREFUSED' })))).toMatchObject({
      kind: 'offline',
      code: 'ECONNREFUSED',
      transient: true,
    });
    expect(classifyNetworkError(fetchFailed(Object.assign(new Error('x'), { code: 'ENOTFOUND' })))).toMatchObject({
      kind: 'offline',
      code: 'ENOTFOUND',
      transient: false,
    });
    expect(classifyNetworkError(new TypeError('terminated'))).toMatchObject({ kind: 'offline', code: 'TERMINATED', transient: true });
  });
  it('certificate codes are TLS, never retried', () => {
    for (const code of [
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'CERT_HAS_EXPIRED',
      'ERR_TLS_CERT_ALTNAME_INVALID',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'SELF_SIGNED_CERT_IN_CHAIN',
    ]) {
      expect(classifyNetworkError(fetchFailed(Object.assign(new Error('x'), { code })))).toMatchObject({ kind: 'tls', code, transient: false });
    }
  });
});

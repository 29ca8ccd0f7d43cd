import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileLogger } from '../../src/main/base/logger';
import { createRedactor, REDACTED } from '../../src/main/base/redact';

const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJkZWFsZXIiLCJleHAiOjE3MDAwMDAwMDB9.Zm9vYmFyYmF6';
const INTEGRATION_TOKEN = 'it_9f8e7d6c5b4a39281706';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'showroom-logs-'));
}

function lines(file: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('redactor', () => {
  const redact = createRedactor([INTEGRATION_TOKEN]);
  it('redacts secret-named keys at any depth', () => {
    const out = redact({
      token: INTEGRATION_TOKEN,
      nested: { Authorization: `Bearer ${JWT}`, jwt: JWT, accessToken: 'x', keep: 'visible' },
      list: [{ integrationToken: 'abc' }],
      hasToken: true,
    });
    expect(out).toEqual({
      token: REDACTED,
      nested: { Authorization: REDACTED, jwt: REDACTED, accessToken: REDACTED, keep: 'visible' },
      list: [{ integrationToken: REDACTED }],
      hasToken: true,
    });
  });
  it('redacts Bearer values, JWTs, token parameters and registered secrets inside text', () => {
    const text = redact.redactString(
      `GET https://portal/v2/vehicles?page=2&token=abc123 Authorization: Bearer ${JWT} failed; jwt ${JWT}; typed ${INTEGRATION_TOKEN}`,
    );
    expect(text).not.toContain(JWT);
    expect(text).not.toContain('abc123');
    expect(text).not.toContain(INTEGRATION_TOKEN);
    expect(text).toContain('page=2');
    expect(text).toContain(`Bearer ${REDACTED}`);
  });
  it('redacts errors (message, stack, own fields, cause) and survives cycles', () => {
    const error = Object.assign(new Error(`401 with Bearer ${JWT}`, { cause: new Error(`token ${INTEGRATION_TOKEN}`) }), { token: 'x', status: 401 });
    const cyclic: Record<string, unknown> = { error };
    cyclic.self = cyclic;
    const text = JSON.stringify(redact(cyclic));
    expect(text).not.toContain(JWT);
    expect(text).not.toContain(INTEGRATION_TOKEN);
    expect(text).toContain('"status":401');
    expect(text).toContain('[circular]');
  });
  it('keeps an object met twice that is no cycle (an error’s params, and the same params in its detail)', () => {
    const params = { reference: 'NEW-1' };
    const shape = { code: 'listingWrite.referenceTaken', params, detail: { fields: [{ field: 'reference', params }] } };
    expect(createRedactor()(shape)).toEqual(shape);
  });
  it('ignores secrets too short to be safely replaced', () => {
    const r = createRedactor(['ab']);
    expect(r.redactString('about')).toBe('about');
  });
});

describe('file logger', () => {
  it('writes JSON lines with time, level, scope and redacted fields', () => {
    const dir = tempDir();
    const log = createFileLogger({ dir, now: () => new Date('2025-01-02T03:04:05Z') });
    log.addSecret(INTEGRATION_TOKEN);
    log.child('sync').info(`token is ${INTEGRATION_TOKEN}`, { headers: { authorization: `Bearer ${JWT}` }, pages: 3 });
    log.debug('not at info level');
    const [entry, ...rest] = lines(join(dir, 'showroom.log'));
    expect(rest).toHaveLength(0);
    expect(entry).toEqual({
      time: '2025-01-02T03:04:05.000Z',
      level: 'info',
      scope: 'sync',
      message: `token is ${REDACTED}`,
      headers: { authorization: REDACTED },
      pages: 3,
    });
    const raw = readFileSync(join(dir, 'showroom.log'), 'utf8');
    expect(raw).not.toContain(JWT);
    expect(raw).not.toContain(INTEGRATION_TOKEN);
  });

  it('rotates at the size limit and keeps only the newest files', () => {
    const dir = tempDir();
    const log = createFileLogger({ dir, maxBytes: 1000, maxFiles: 2 });
    for (let i = 0; i < 100; i++) log.info(`entry ${i}`, { padding: 'x'.repeat(50) });
    expect(readdirSync(dir).sort()).toEqual(['showroom.1.log', 'showroom.2.log', 'showroom.log']);
    for (const f of readdirSync(dir)) expect(readFileSync(join(dir, f)).byteLength).toBeLessThanOrEqual(1000);
    const newest = lines(join(dir, 'showroom.log'));
    expect(newest.at(-1)?.message).toBe('entry 99');
    const previous = lines(join(dir, 'showroom.1.log'));
    expect(Number(String(previous.at(-1)?.message).split(' ')[1]) + 1).toBe(Number(String(newest[0]?.message).split(' ')[1]));
  });

  it('continues an existing file across restarts and can keep no old files', () => {
    const dir = tempDir();
    createFileLogger({ dir }).info('first run');
    createFileLogger({ dir }).info('second run');
    expect(lines(join(dir, 'showroom.log')).map((l) => l.message)).toEqual(['first run', 'second run']);
    const log = createFileLogger({ dir, maxBytes: 200, maxFiles: 0 });
    for (let i = 0; i < 10; i++) log.info(`entry ${i}`, { padding: 'y'.repeat(60) });
    expect(readdirSync(dir)).toEqual(['showroom.log']);
    expect(existsSync(join(dir, 'showroom.1.log'))).toBe(false);
  });
});

// The error policy is one table: every kind has an entry, and every place that decides what to
// do about an error (connectivity, the outbox, the transport's retries, the CLI's exit code)
// answers as the table does.
import { describe, expect, it } from 'vitest';
import { isOfflineKind } from '../../src/main/backend/context';
import { EXIT, exitCodeFor } from '../../src/main/cli/exit-codes';
import { classifyNetworkError } from '../../src/main/portal/errors';
import { createPortalStatus } from '../../src/main/account-session/portal-status';
import { ERROR_POLICY, isTransient, policyOf, stopsBatch } from '../../src/shared/error-policy';
import { ERROR_KINDS } from '../../src/shared/errors';
import { codedError, kindMessage } from '../../src/shared/i18n/messages';

describe('the error policy', () => {
  it('has exactly one entry for every error kind', () => {
    expect(Object.keys(ERROR_POLICY).sort()).toEqual([...ERROR_KINDS].sort());
  });

  it.each(ERROR_KINDS)('%s: the portal status store reads connectivity from the policy', (kind) => {
    const { portal } = policyOf(kind);
    expect(isOfflineKind(kind)).toBe(portal === 'unreachable');
    // With an HTTP status or without one: the kind alone decides.
    for (const detail of [undefined, { status: 500 }]) {
      const meta = new Map<string, string>();
      const status = createPortalStatus({
        get: (k) => meta.get(k) ?? null,
        set: (k, v) => {
          if (v === null) meta.delete(k);
          else meta.set(k, v);
        },
      });
      status.noteResponse({ status: 200 });
      status.noteError(codedError(kind, kindMessage(kind), detail));
      expect(status.get().online).toBe(portal !== 'unreachable');
      expect(status.get().tokenRefusedAt !== null).toBe(kind === 'token_refused');
    }
  });

  it.each(ERROR_KINDS)('%s: the CLI exits with the policy’s code', (kind) => {
    expect(exitCodeFor(kind)).toBe(EXIT[policyOf(kind).exit]);
  });

  it('answers the questions the callers ask', () => {
    // A TLS failure is offline (the same answer in the backend and the sync engine), not retried now, kept for later.
    expect(policyOf('tls')).toMatchObject({ action: 'offline', portal: 'unreachable', retryNow: false, transient: true });
    expect(exitCodeFor('tls')).toBe(EXIT.offline);
    expect(policyOf('token_refused').action).toBe('reauthenticate');
    expect(stopsBatch('token_refused') && stopsBatch('offline') && !stopsBatch('validation')).toBe(true);
    expect(isTransient('validation') || isTransient('not_found') || isTransient('internal')).toBe(false);
    expect(exitCodeFor(undefined)).toBe(EXIT.unexpected);
  });

  it('the transport retries a network failure now only when the policy says so', () => {
    const tls = classifyNetworkError(
      Object.assign(new Error('fetch failed'), { cause: Object.assign(new Error('self-signed'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }) }),
    );
    expect(tls.kind).toBe('tls');
    expect(tls.transient).toBe(policyOf('tls').retryNow);
    const reset = classifyNetworkError(Object.assign(new Error('fetch failed'), { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) }));
    expect(reset.kind).toBe('offline');
    expect(reset.transient).toBe(policyOf('offline').retryNow);
    // A name that does not resolve does not resolve a second later either, whatever the kind's policy.
    const dns = classifyNetworkError(Object.assign(new Error('fetch failed'), { cause: Object.assign(new Error('nx'), { code: 'ENOTFOUND' }) }));
    expect(dns.transient).toBe(false);
  });
});

// "Test connection" in the account form: integration token → JWT → plan, answered as exactly one
// outcome the dealer can act on.
import { AppError, toErrorShape, type AppErrorShape } from '../../shared/errors';
import { codedError } from '../../shared/i18n/messages';
import type { Plan } from '../../shared/plan';
import { createPortalClient } from '../portal/client';
import { checkBaseUrl } from '../../shared/base-url';

export type ConnectionOutcome =
  | { outcome: 'connected'; planName: string; plan: Plan; warnings: string[] }
  /** The portal answered and refused the integration token. */
  | { outcome: 'token_refused'; error: AppErrorShape }
  /** Nothing answered (DNS, refused, reset, timeout). */
  | { outcome: 'unreachable'; error: AppErrorShape }
  /** Something answered, but not the portal's integration API (HTML, 404, JSON without a token). */
  | { outcome: 'not_a_portal'; error: AppErrorShape }
  /** The TLS handshake failed (self-signed, expired, wrong host…); `error.detail.code` names why. */
  | { outcome: 'tls'; error: AppErrorShape }
  /** The portal is there but failed otherwise (5xx, rate limit, unreadable plan): try again later. */
  | { outcome: 'portal_error'; error: AppErrorShape }
  /** The address itself is unusable; nothing was sent. */
  | { outcome: 'bad_input'; error: AppErrorShape };

export interface TestConnectionInput {
  baseUrl: string;
  integrationToken: string;
  signal?: AbortSignal;
  /** Per attempt. Default 15 s: the dealer is waiting. */
  timeoutMs?: number;
  /** Per request, all attempts included. Default the transport's REQUEST_DEADLINE_MS (20 s). */
  deadlineMs?: number;
  fetch?: typeof globalThis.fetch;
}

export async function testConnection(input: TestConnectionInput): Promise<ConnectionOutcome> {
  const checked = checkBaseUrl(input.baseUrl);
  if (!checked.ok) return { outcome: 'bad_input', error: codedError('bad_input', checked.message, { field: 'baseUrl' }).toJSON() };
  const client = createPortalClient({
    baseUrl: checked.url,
    integrationToken: input.integrationToken,
    timeoutMs: input.timeoutMs ?? 15_000,
    deadlineMs: input.deadlineMs,
    attempts: 2, // one retry for a blip; the dealer is waiting
    rateLimitRetries: 1,
    fetch: input.fetch,
  });
  try {
    const plan = await client.getPlan({ signal: input.signal });
    return { outcome: 'connected', planName: plan.currentPlan.name, plan, warnings: checked.warnings };
  } catch (error) {
    if (error instanceof AppError && error.kind === 'cancelled') throw error;
    const shape = toErrorShape(error);
    switch (shape.kind) {
      case 'token_refused':
      case 'unauthorized':
        return { outcome: 'token_refused', error: shape };
      case 'offline':
        return { outcome: 'unreachable', error: shape };
      case 'not_a_portal':
        return { outcome: 'not_a_portal', error: shape };
      case 'tls':
        return { outcome: 'tls', error: shape };
      default:
        return { outcome: 'portal_error', error: shape };
    }
  }
}

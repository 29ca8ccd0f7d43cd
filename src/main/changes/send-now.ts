// Sending one saved change at once, as the dealer asked it (an edit, a new listing): unless it is
// held or already on its way, it is delivered now, and what came of it is said in the dealer's words.
import type { MessageParams } from '../../shared/errors';
import { renderMessage, type MessageCode } from '../../shared/i18n/messages';
import type { EditOutcome } from '../../shared/pending-changes';
import type { PendingChange } from '../cache';
import type { Delivery, Sent } from './deliver';

/** What the outcome says when the change went out, and when it waits for a later send. */
export interface SendWords {
  sent: MessageCode;
  saved: MessageCode;
}

export function said(code: MessageCode, params?: MessageParams): { message: string; code: string; params?: MessageParams } {
  return { message: renderMessage('en', code, params), code, ...(params === undefined ? {} : { params }) };
}

/** Sends a saved change now (unless held, or already on its way); what came of it. */
export async function sendNow(delivery: Delivery, change: PendingChange, signal: AbortSignal, words: SendWords): Promise<EditOutcome> {
  const base = { reference: change.reference, changeId: change.id };
  if (change.conflict !== null) return { ...base, outcome: 'held', ...said('ledger.held') };
  if (delivery.isSending(change.reference)) return { ...base, outcome: 'queued', ...said(words.saved) };
  const result: Sent = await delivery.deliver(change, signal);
  delivery.settle(change, result);
  switch (result.kind) {
    case 'accepted':
      return { ...base, outcome: 'sent', ...said(words.sent) };
    case 'held':
      return { ...base, outcome: 'held', ...said('ledger.held') };
    case 'refused':
    case 'not_found':
    case 'unchecked':
      return {
        ...base,
        outcome: 'refused',
        message: result.message,
        ...(result.code === undefined ? {} : { code: result.code }),
        ...(result.params === undefined ? {} : { params: result.params }),
        ...(result.kind === 'refused' && result.fields !== undefined ? { fields: result.fields } : {}),
      };
    case 'later':
    case 'discarded':
      return { ...base, outcome: 'queued', ...said(words.saved) };
  }
}

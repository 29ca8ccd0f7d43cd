// A bad command line, said as a message code: the CLI renders it in the dealer's language
// (index.ts printError) and exits 2 (the error policy's `usage` reason).
import type { AppError } from '../../shared/errors';
import { codedError, type MessageRef } from '../../shared/i18n/messages';

export function usageError(ref: MessageRef): AppError {
  return codedError('bad_input', ref, { reason: 'usage' });
}

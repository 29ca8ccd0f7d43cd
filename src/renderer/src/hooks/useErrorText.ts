// Turns anything thrown by the client into words for the dealer, in the UI language.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_KINDS, type ErrorKind } from '../../../shared/errors';
import { isBridgeError } from '../api';

export interface ErrorText {
  /** What happened, translated from the error's kind. */
  summary: string;
  /** The message main (or the portal) gave, when it adds something. */
  message: string | null;
  kind: ErrorKind;
  /** Support detail, JSON (never a token). */
  detail: string | null;
}

export function useErrorText(): (error: unknown) => ErrorText {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      const kind: ErrorKind = isBridgeError(error) && ERROR_KINDS.includes(error.kind) ? error.kind : 'internal';
      const summary = t(`errors.kind.${kind}`);
      const raw = error instanceof Error ? error.message : null;
      const portal = isBridgeError(error) ? error.detail?.portalMessage : undefined;
      const portalText = Array.isArray(portal) ? portal.join('; ') : (portal ?? null);
      const message = portalText ?? (raw && raw !== summary ? raw : null);
      const detail = isBridgeError(error) && error.detail ? JSON.stringify(error.detail, null, 2) : null;
      return { summary, message, kind, detail };
    },
    [t],
  );
}

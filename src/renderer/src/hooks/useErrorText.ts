// Turns anything thrown by the client into words for the dealer, in the UI language.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_KINDS, type ErrorKind } from '../../../shared/errors';
import { isBridgeError } from '../api';

export interface ErrorText {
  /** What happened, translated from the error's kind. */
  summary: string;
  /** What the portal said; or, in English, main's own message when it adds something. */
  message: string | null;
  kind: ErrorKind;
  /** Support detail, JSON (never a token). */
  detail: string | null;
}

export function useErrorText(): (error: unknown) => ErrorText {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown) => {
      const kind: ErrorKind = isBridgeError(error) && ERROR_KINDS.includes(error.kind) ? error.kind : 'internal';
      const summary = t(`errors.kind.${kind}`);
      const raw = error instanceof Error ? error.message : null;
      const portal = isBridgeError(error) ? error.detail?.portalMessage : undefined;
      const portalText = Array.isArray(portal) ? portal.join('; ') : (portal ?? null);
      // Main writes its messages in English: shown as they are to an English UI, folded into the
      // support detail otherwise (the translated summary says what happened).
      const english = i18n.language === 'en';
      const message = portalText ?? (english && raw && raw !== summary ? raw : null);
      const extra = { ...(!english && raw ? { message: raw } : {}), ...(isBridgeError(error) ? error.detail : {}) };
      const detail = Object.keys(extra).length > 0 ? JSON.stringify(extra, null, 2) : null;
      return { summary, message, kind, detail };
    },
    [t, i18n.language],
  );
}

// Turns anything thrown by the client into words for the dealer, in the UI language.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_KINDS, type ErrorKind } from '../../../shared/errors';
import { isBridgeError } from '../api';
import { useCodedText } from './useCodedText';

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
  const codedText = useCodedText();
  return useCallback(
    (error: unknown) => {
      const kind: ErrorKind = isBridgeError(error) && ERROR_KINDS.includes(error.kind) ? error.kind : 'internal';
      const summary = t(`errors.kind.${kind}`);
      const raw = error instanceof Error ? error.message : null;
      // Main's message code, rendered in the UI language (its `message` is the English fallback).
      const coded = isBridgeError(error) ? codedText(error) : null;
      const portal = isBridgeError(error) ? error.detail?.portalMessage : undefined;
      const portalText = Array.isArray(portal) ? portal.join('; ') : (portal ?? null);
      // An uncoded message is English: shown as it is to an English UI, folded into the support
      // detail otherwise (the translated summary says what happened).
      const english = i18n.language === 'en' || coded !== null;
      const message = coded ?? portalText ?? (english && raw && raw !== summary ? raw : null);
      const extra = { ...(!english && raw ? { message: raw } : {}), ...(isBridgeError(error) ? error.detail : {}) };
      const detail = Object.keys(extra).length > 0 ? JSON.stringify(extra, null, 2) : null;
      return { summary, message, kind, detail };
    },
    [t, i18n.language, codedText],
  );
}

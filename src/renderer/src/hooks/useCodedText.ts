// Main's message codes (`codes.…` in the dictionaries) rendered in the UI language; null when the
// dictionary has no such code (an older main, or an uncoded text), so the caller can fall back.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageParams } from '../../../shared/errors';
import type { MessageCode } from '../../../shared/i18n/messages';

export interface Coded {
  code?: string | undefined;
  params?: MessageParams | undefined;
}

export function useCodedText(): (said: Coded) => string | null {
  const { t, i18n } = useTranslation();
  return useCallback(
    ({ code, params }: Coded) => (code !== undefined && i18n.exists(`codes.${code}`, { ...params }) ? t(`codes.${code as MessageCode}`, { ...params }) : null),
    [t, i18n],
  );
}

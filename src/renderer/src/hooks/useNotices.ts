import type { TFunction } from 'i18next';
import { useCallback, useRef, useState } from 'react';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';
/**
 * Dictionary words are given as a function of the translation and translated when shown: a notice
 * that answers a change of language is then in the language just chosen, and a notice on screen
 * follows a later change. Text already in words (an error's, a sync's summary) is given as is.
 */
export type NoticeText = string | ((t: TFunction) => string);
export interface Notice {
  id: number;
  tone: NoticeTone;
  text: NoticeText;
  detail?: string | null;
  /** A button on the notice (e.g. open the listings a sync changed). */
  action?: NoticeAction | undefined;
}
export interface NoticeAction {
  label: string;
  run: () => void;
}

/** Short-lived messages (a sync finished, an unpublish was queued). Errors stay until dismissed. */
export function useNotices(): {
  notices: Notice[];
  notify: (tone: NoticeTone, text: NoticeText, detail?: string | null, action?: NoticeAction) => void;
  dismiss: (id: number) => void;
} {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setNotices((list) => list.filter((n) => n.id !== id)), []);
  const notify = useCallback(
    (tone: NoticeTone, text: NoticeText, detail?: string | null, action?: NoticeAction) => {
      const id = nextId.current++;
      setNotices((list) => [...list.slice(-3), { id, tone, text, detail, action }]);
      if (tone !== 'error') setTimeout(() => dismiss(id), 8000);
    },
    [dismiss],
  );
  return { notices, notify, dismiss };
}

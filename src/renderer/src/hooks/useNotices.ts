import { useCallback, useRef, useState } from 'react';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';
export interface Notice {
  id: number;
  tone: NoticeTone;
  text: string;
  detail?: string | null;
}

/** Short-lived messages (a sync finished, an unpublish was queued). Errors stay until dismissed. */
export function useNotices(): { notices: Notice[]; notify: (tone: NoticeTone, text: string, detail?: string | null) => void; dismiss: (id: number) => void } {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setNotices((list) => list.filter((n) => n.id !== id)), []);
  const notify = useCallback(
    (tone: NoticeTone, text: string, detail?: string | null) => {
      const id = nextId.current++;
      setNotices((list) => [...list.slice(-3), { id, tone, text, detail }]);
      if (tone !== 'error') setTimeout(() => dismiss(id), 8000);
    },
    [dismiss],
  );
  return { notices, notify, dismiss };
}

// Short-lived messages at the bottom right (a polite live region).
import { useTranslation } from 'react-i18next';
import type { Notice } from '../hooks/useNotices';

export function Notices({ notices, dismiss }: { notices: Notice[]; dismiss: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="notices" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`notice notice--${n.tone}`} role={n.tone === 'error' ? 'alert' : 'status'}>
          <div className="notice__text">
            <p>{typeof n.text === 'function' ? n.text(t) : n.text}</p>
            {n.detail && <p className="notice__detail">{n.detail}</p>}
            {n.action && (
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  n.action?.run();
                  dismiss(n.id);
                }}
              >
                {n.action.label}
              </button>
            )}
          </div>
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={() => dismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

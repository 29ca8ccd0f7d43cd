// The bulk actions on a selection: every publication request (each dialog says what the plan allows).
import { useTranslation } from 'react-i18next';
import type { PublicationAction } from '../../../shared/views';

const ACTIONS: readonly PublicationAction[] = ['publish', 'highlight', 'unhighlight', 'unpublish'];

export function BulkBar({ count, onRequest, onClear }: { count: number; onRequest: (action: PublicationAction) => void; onClear: () => void }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <div className="bulk-bar" role="region" aria-label={t('inventory.selected', { count })}>
      <span>{t('inventory.selected', { count })}</span>
      {ACTIONS.map((action) => (
        <button key={action} type="button" className={`button${action === 'unpublish' ? ' button--danger' : ''}`} onClick={() => onRequest(action)}>
          {action === 'unpublish' ? t('inventory.unpublishSelected') : t(`detail.request.${action}`)}
        </button>
      ))}
      <button type="button" className="button button--ghost" onClick={onClear}>
        {t('inventory.clearSelection')}
      </button>
    </div>
  );
}

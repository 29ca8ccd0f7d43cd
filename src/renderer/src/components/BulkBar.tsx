// The bulk actions on a selection.
import { useTranslation } from 'react-i18next';

export function BulkBar({ count, onUnpublish, onClear }: { count: number; onUnpublish: () => void; onClear: () => void }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <div className="bulk-bar" role="region" aria-label={t('inventory.selected', { count })}>
      <span>{t('inventory.selected', { count })}</span>
      <button type="button" className="button button--danger" onClick={onUnpublish}>
        {t('inventory.unpublishSelected')}
      </button>
      <button type="button" className="button button--ghost" onClick={onClear}>
        {t('inventory.clearSelection')}
      </button>
    </div>
  );
}

// The bulk actions on a selection. data-testids bulk-bar, bulk-unpublish, bulk-clear.
import { useTranslation } from 'react-i18next';

export function BulkBar({ count, onUnpublish, onClear }: { count: number; onUnpublish: () => void; onClear: () => void }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <div className="bulk-bar" role="region" aria-label={t('inventory.selected', { count })} data-testid="bulk-bar">
      <span data-testid="bulk-count">{t('inventory.selected', { count })}</span>
      <button type="button" className="button button--danger" onClick={onUnpublish} data-testid="bulk-unpublish">
        {t('inventory.unpublishSelected')}
      </button>
      <button type="button" className="button button--ghost" onClick={onClear} data-testid="bulk-clear">
        {t('inventory.clearSelection')}
      </button>
    </div>
  );
}

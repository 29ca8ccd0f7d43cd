// The bulk actions on a selection: the publication requests at least one selected listing can take
// (each dialog says what the plan allows, and which listings it leaves out), and marking them as sold.
import { useTranslation } from 'react-i18next';
import type { PublicationAction } from '../../../shared/views';
import type { Selection } from '../hooks/useSelection';
import { actionsForAny } from '../logic/publicationActions';

interface Props {
  selected: Selection;
  onRequest: (action: PublicationAction) => void;
  onReprice: () => void;
  onSell: () => void;
  onClear: () => void;
}

export function BulkBar({ selected, onRequest, onReprice, onSell, onClear }: Props) {
  const { t } = useTranslation();
  const count = selected.size;
  if (count === 0) return null;
  const actions = actionsForAny([...selected.values()].map((row) => row.publication));
  return (
    <div className="bulk-bar" role="region" aria-label={t('inventory.selected', { count })}>
      <span>{t('inventory.selected', { count })}</span>
      {actions.map((action) => (
        <button key={action} type="button" className={`button${action === 'unpublish' ? ' button--danger' : ''}`} onClick={() => onRequest(action)}>
          {action === 'unpublish' ? t('inventory.unpublishSelected') : t(`detail.request.${action}`)}
        </button>
      ))}
      <button type="button" className="button" aria-haspopup="dialog" onClick={onReprice}>
        {t('repriceDialog.bulkButton')}
      </button>
      <button type="button" className="button button--danger" onClick={onSell}>
        {t('sold.actionMany', { count })}
      </button>
      <button type="button" className="button button--ghost" onClick={onClear}>
        {t('inventory.clearSelection')}
      </button>
    </div>
  );
}

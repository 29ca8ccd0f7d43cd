// Mark as sold, confirmed: the dialog says what happens on the portal (the listing is deleted there,
// at the next sync) and that the sale can be cancelled until then.
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { useApp } from '../../AppContext';
import { useCodedText } from '../../hooks/useCodedText';
import { ConfirmDialog } from '../ConfirmDialog';

export function SellDialog({ references, onClose }: { references: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useApp();
  const codedText = useCodedText();
  const count = references.length;
  return (
    <ConfirmDialog
      title={t('sold.confirmTitle', { count })}
      body={t('sold.confirmBody')}
      confirmLabel={t('sold.confirm')}
      onConfirm={async () => {
        const outcomes = await api.call('changes.sell', { references: [...references] });
        const refused = outcomes.filter((o) => o.outcome === 'refused');
        notify(refused.length > 0 ? 'warning' : 'success', t('sold.pending'), refused.map((o) => `${o.reference}: ${codedText(o) ?? ''}`).join('\n') || null);
      }}
      onClose={onClose}
    />
  );
}

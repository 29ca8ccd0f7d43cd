// A listing marked as sold, not yet gone from the portal: what stands (to be sent at the next sync,
// sent, or refused in the portal's words) and, until it is sent, Cancel the sale.
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { useApp } from '../../AppContext';
import { useCodedText } from '../../hooks/useCodedText';
import { useChannel } from '../../query/useChannel';

/** The listing's open sale, if any (the pending-change ledger's view). */
export function usePendingSale(reference: string) {
  const { data } = useChannel('changes.pending', {});
  return data?.find((c) => c.kind === 'sell' && c.reference === reference) ?? null;
}

export function PendingSalePanel({ reference }: { reference: string }) {
  const { t } = useTranslation();
  const { notify, reportError } = useApp();
  const codedText = useCodedText();
  const sale = usePendingSale(reference);
  if (sale === null) return null;
  const text = sale.status === 'refused' ? t('sold.refused') : sale.discardable ? t('sold.pending') : t('sold.sent');
  const cancel = () => api.call('changes.discard', { id: sale.id }).then(() => notify('success', t('sold.cancelled')), reportError);
  return (
    <section className="detail-section pending-sale" role="status" data-testid="pending-sale" data-status={sale.status}>
      <p>
        <strong>{text}</strong>
        {sale.error !== null && <> {codedText(sale.error)}</>}
      </p>
      {sale.discardable && (
        <button type="button" className="button" onClick={() => void cancel()}>
          {t('sold.cancel')}
        </button>
      )}
    </section>
  );
}

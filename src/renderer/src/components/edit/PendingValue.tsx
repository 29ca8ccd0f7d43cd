// A value the dealer changed that the portal does not show yet: the new value, a "pending" mark,
// and the portal's value beside it — "R$ 49.990 pending (portal: R$ 52.900)".
import type { TFunction } from 'i18next';

export function PendingValue({ value, portal, t }: { value: string; portal: string; t: TFunction }) {
  return (
    <span className="pending-value" data-pending="true">
      <span className="pending-value__new">{value}</span> <span className="badge badge--info pending-value__mark">{t('listingEdit.pending.mark')}</span>{' '}
      <span className="pending-value__portal muted">{t('listingEdit.pending.portal', { value: portal })}</span>
    </span>
  );
}

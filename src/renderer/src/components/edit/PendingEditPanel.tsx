// A listing's edit that the portal does not show yet: where it stands, each field changed with the
// portal's value beside it, and what the dealer can do now (discard it until it is sent, fix it
// after a refusal, choose sides in a conflict).
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../hooks/useFormat';
import type { PendingEditView } from '../../hooks/listingEditChannels';
import { fieldLabel } from './fieldLabel';
import { PendingValue } from './PendingValue';
import { writeFieldText, type CatalogueNames } from './writeFieldText';

interface Props {
  edit: PendingEditView;
  names: CatalogueNames;
  onDiscard: () => void;
  onFix: () => void;
  onResolve: () => void;
}

export function PendingEditPanel({ edit, names, onDiscard, onFix, onResolve }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const conflict = edit.held;
  const status = conflict
    ? 'conflict'
    : edit.status === 'refused'
      ? 'refused'
      : edit.status === 'sent'
        ? 'sent'
        : edit.status === 'sending'
          ? 'sending'
          : 'pending';
  const tone = status === 'refused' || status === 'conflict' ? 'danger' : 'info';

  return (
    <section className="detail-section" aria-labelledby="sec-edit" data-edit-status={status}>
      <h2 id="sec-edit">{t('listingEdit.pending.title')}</h2>
      <div className={`callout callout--${tone}`} role={tone === 'danger' ? 'alert' : undefined}>
        <p>{t(`listingEdit.pending.${status === 'refused' && edit.checks !== null ? 'refusedByChecks' : status}`)}</p>
        {status === 'refused' && edit.checks !== null && (
          <ul data-testid="edit-checks">
            {edit.checks.map((i) => (
              // Each text names its field already (codes.listingWrite).
              <li key={`${i.field}-${i.code}`}>{t(`codes.${i.code}`, { ...i.params })}</li>
            ))}
          </ul>
        )}
      </div>
      <dl className="fields">
        {edit.fields.map(({ field, mine, portal }) => (
          <div className="fields__item" key={field} data-field={field}>
            <dt>{fieldLabel(t, field)}</dt>
            <dd>
              <PendingValue t={t} value={writeFieldText(field, mine, f, t, names)} portal={writeFieldText(field, portal, f, t, names)} />
            </dd>
          </div>
        ))}
      </dl>
      <div className="detail-actions">
        {conflict && (
          <button type="button" className="button button--primary" onClick={onResolve}>
            {t('listingEdit.pending.resolve')}
          </button>
        )}
        {status === 'refused' && (
          <button type="button" className="button button--primary" onClick={onFix}>
            {t('listingEdit.pending.fix')}
          </button>
        )}
        {edit.discardable && (
          <button type="button" className="button" onClick={onDiscard}>
            {t('listingEdit.pending.discard')}
          </button>
        )}
      </div>
    </section>
  );
}

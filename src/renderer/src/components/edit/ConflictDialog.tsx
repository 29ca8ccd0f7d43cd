// A field changed both here and on the portal since the edit: yours, the portal's and the value
// before both, side by side; the dealer keeps one per field (or all at once), then it is sent.
// Nothing is chosen for them: Send waits until every field has a choice.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../hooks/useFormat';
import { writeFieldText, type CatalogueNames } from './writeFieldText';
import { Dialog } from '../Dialog';
import { ErrorBox } from '../ErrorBox';
import { fieldLabel } from './fieldLabel';

export type Keep = 'mine' | 'portal';

export interface FieldConflict {
  field: string;
  mine: unknown;
  portal: unknown;
  original: unknown;
}

interface Props {
  reference: string;
  conflicts: readonly FieldConflict[];
  names: CatalogueNames;
  onResolve: (keep: Record<string, Keep>) => Promise<void>;
  onClose: () => void;
}

export function ConflictDialog({ reference, conflicts, names, onResolve, onClose }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const [keep, setKeep] = useState<Record<string, Keep>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const left = conflicts.filter((c) => keep[c.field] === undefined).length;
  const all = (side: Keep) => setKeep(Object.fromEntries(conflicts.map((c) => [c.field, side])));
  const text = (field: string, value: unknown) => writeFieldText(field, value, f, t, names);

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await onResolve(keep);
      onClose();
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('listingEdit.conflict.title')}
      onClose={onClose}
      busy={busy}
      className="conflict-dialog"
      actions={
        <>
          {left > 0 && <span className="muted small">{t('listingEdit.conflict.choose', { count: left })}</span>}
          <button type="button" className="button" onClick={onClose} disabled={busy} data-autofocus>
            {t('listingEdit.cancel')}
          </button>
          <button type="button" className="button button--primary" disabled={busy || left > 0} onClick={() => void send()}>
            {busy ? t('listingEdit.conflict.sending') : t('listingEdit.conflict.send')}
          </button>
        </>
      }
    >
      <p>{t('listingEdit.conflict.intro')}</p>
      <p className="mono small muted">{reference}</p>
      <div className="conflict__all">
        <button type="button" className="button" onClick={() => all('mine')}>
          {t('listingEdit.conflict.allMine')}
        </button>
        <button type="button" className="button" onClick={() => all('portal')}>
          {t('listingEdit.conflict.allPortal')}
        </button>
      </div>
      <table className="conflict">
        <thead>
          <tr>
            <th scope="col">{t('listingEdit.conflict.field')}</th>
            <th scope="col">{t('listingEdit.conflict.mine')}</th>
            <th scope="col">{t('listingEdit.conflict.portal')}</th>
            <th scope="col">{t('listingEdit.conflict.original')}</th>
          </tr>
        </thead>
        <tbody>
          {conflicts.map((c) => {
            const label = fieldLabel(t, c.field);
            const name = `keep-${c.field}`;
            return (
              <tr key={c.field} data-field={c.field}>
                <th scope="row">{label}</th>
                {(['mine', 'portal'] as const).map((side) => (
                  <td key={side} className={keep[c.field] === side ? 'conflict__kept' : undefined}>
                    <label className="conflict__choice">
                      <input
                        type="radio"
                        name={name}
                        checked={keep[c.field] === side}
                        onChange={() => setKeep((k) => ({ ...k, [c.field]: side }))}
                        aria-label={`${t('listingEdit.conflict.keep', { field: label })}: ${t(`listingEdit.conflict.${side}`)}`}
                      />
                      <span className="conflict__value">{text(c.field, c[side])}</span>
                    </label>
                  </td>
                ))}
                <td className="muted">{text(c.field, c.original)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {error !== null && <ErrorBox error={error} />}
    </Dialog>
  );
}

// Confirms an unpublish (one listing or a bulk selection) and says exactly what will happen.
// Focus starts on Cancel.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicationOutcome, PublicationOutcomeKind } from '../../../shared/views';
import { api } from '../api';
import { useApp } from '../AppContext';
import { useCodedText } from '../hooks/useCodedText';
import { Dialog } from './Dialog';
import { ErrorBox } from './ErrorBox';

interface Props {
  references: readonly string[];
  onClose: () => void;
  onDone: (outcomes: PublicationOutcome[]) => void;
}

const ORDER: readonly PublicationOutcomeKind[] = ['sent', 'queued', 'refused', 'not_found'];

export function UnpublishDialog({ references, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const codedText = useCodedText();
  const { notify } = useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const count = references.length;

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const outcomes = await api.call('publications.unpublish', { references: [...references] });
      const parts = ORDER.map((kind) => ({ kind, n: outcomes.filter((o) => o.outcome === kind).length }))
        .filter((p) => p.n > 0)
        .map((p) => t(`unpublish.result.${p.kind}`, { count: p.n }));
      const refused = outcomes.filter((o) => o.outcome === 'refused');
      notify(
        refused.length > 0 ? 'warning' : 'success',
        parts.join(' '),
        refused.map((o) => `${o.reference}: ${codedText(o) ?? o.message ?? ''}`).join('\n') || null,
      );
      onDone(outcomes);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('unpublish.title', { count })}
      onClose={onClose}
      busy={busy}
      actions={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy} data-autofocus>
            {t('common.cancel')}
          </button>
          <button type="button" className="button button--danger" onClick={() => void confirm()} disabled={busy}>
            {busy ? t('unpublish.working') : t('unpublish.confirm', { count })}
          </button>
        </>
      }
    >
      {count === 1 && <p className="mono">{references[0]}</p>}
      <ul className="explain-list">
        <li>{t('unpublish.what')}</li>
        <li>{t('unpublish.pending')}</li>
        <li>{t('unpublish.offline')}</li>
        <li>{t('unpublish.irreversible')}</li>
      </ul>
      {error !== null && <ErrorBox error={error} />}
    </Dialog>
  );
}

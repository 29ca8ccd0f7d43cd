// A plain "are you sure" dialog; focus starts on Cancel.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';
import { ErrorBox } from './ErrorBox';

interface Props {
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

export function ConfirmDialog({ title, body, confirmLabel, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <Dialog
      title={title}
      onClose={onClose}
      busy={busy}
      actions={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy} data-autofocus>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              onConfirm().then(onClose, (e: unknown) => {
                setError(e);
                setBusy(false);
              });
            }}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{body}</p>
      {error !== null && <ErrorBox error={error} />}
    </Dialog>
  );
}

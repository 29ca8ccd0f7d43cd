// A plain "are you sure" dialog. data-testids: <testId>, <testId>-confirm, <testId>-cancel.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';
import { ErrorBox } from './ErrorBox';

interface Props {
  title: string;
  body: string;
  confirmLabel: string;
  testId: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

export function ConfirmDialog({ title, body, confirmLabel, testId, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <Dialog
      title={title}
      onClose={onClose}
      busy={busy}
      testId={testId}
      actions={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy} data-testid={`${testId}-cancel`} data-autofocus>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            data-testid={`${testId}-confirm`}
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

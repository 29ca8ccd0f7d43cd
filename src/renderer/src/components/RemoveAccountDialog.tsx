// Remove an account, keeping or deleting its cached data.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountView } from '../../../shared/views';
import { api } from '../api';
import { Dialog } from './Dialog';
import { ErrorBox } from './ErrorBox';

export function RemoveAccountDialog({ account, onClose, onRemoved }: { account: AccountView; onClose: () => void; onRemoved: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const remove = async (deleteData: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await api.call('accounts.remove', { accountId: account.id, deleteData });
      onRemoved();
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t('settings.removeTitle', { name: account.name })}
      onClose={onClose}
      busy={busy}
      actions={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy} data-autofocus>
            {t('common.cancel')}
          </button>
          <button type="button" className="button" onClick={() => void remove(false)} disabled={busy}>
            {t('settings.removeKeep')}
          </button>
          <button type="button" className="button button--danger" onClick={() => void remove(true)} disabled={busy}>
            {t('settings.removeDelete')}
          </button>
        </>
      }
    >
      <p>{t('settings.removeBody')}</p>
      {error !== null && <ErrorBox error={error} />}
    </Dialog>
  );
}

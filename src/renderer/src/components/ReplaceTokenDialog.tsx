// Replace the stored integration token (after the portal refused it, or on the dealer's wish).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountView, ConnectionTestView } from '../../../shared/views';
import { api } from '../api';
import { ConnectionResult } from './ConnectionResult';
import { Dialog } from './Dialog';
import { ErrorBox } from './ErrorBox';
import { TokenField } from './TokenField';

export function ReplaceTokenDialog({ account, onClose, onSaved }: { account: AccountView; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState<'test' | 'save' | null>(null);
  const [result, setResult] = useState<ConnectionTestView | null>(null);
  const [error, setError] = useState<unknown>(null);
  const ready = token.trim() !== '' && busy === null;

  const run = async (what: 'test' | 'save') => {
    setBusy(what);
    setError(null);
    try {
      if (what === 'test') setResult(await api.call('accounts.test', { baseUrl: account.baseUrl, token: token.trim() }));
      else {
        await api.call('accounts.replaceToken', { accountId: account.id, token: token.trim() });
        setToken('');
        onSaved();
      }
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      title={t('settings.replaceTokenTitle')}
      onClose={onClose}
      busy={busy !== null}
      actions={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy !== null}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button" onClick={() => void run('test')} disabled={!ready}>
            {busy === 'test' ? t('connect.testing') : t('connect.test')}
          </button>
          <button type="button" className="button button--primary" onClick={() => void run('save')} disabled={!ready}>
            {busy === 'save' ? t('connect.saving') : t('common.save')}
          </button>
        </>
      }
    >
      <p className="muted">
        {account.name} · <span className="mono break">{account.baseUrl}</span>
      </p>
      <TokenField
        id="replace-token"
        value={token}
        onChange={(v) => {
          setToken(v);
          setResult(null);
        }}
      />
      {result && <ConnectionResult result={result} />}
      {error !== null && <ErrorBox error={error} />}
    </Dialog>
  );
}

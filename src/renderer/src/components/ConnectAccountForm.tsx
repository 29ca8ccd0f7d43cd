// Connect a portal account: name, integration address, token; Test connection; Save.
import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountView, ConnectionTestView } from '../../../shared/views';
import { api } from '../api';
import { checkBaseUrl } from '../logic/baseUrl';
import { ConnectionResult } from './ConnectionResult';
import { ErrorBox } from './ErrorBox';
import { TokenField } from './TokenField';

export function ConnectAccountForm({ onSaved }: { onSaved: (account: AccountView) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState<'test' | 'save' | null>(null);
  const [result, setResult] = useState<ConnectionTestView | null>(null);
  const [error, setError] = useState<unknown>(null);

  const check = baseUrl.trim() === '' ? null : checkBaseUrl(baseUrl);
  const canSend = check?.valid === true && token.trim() !== '';

  const test = async () => {
    setBusy('test');
    setError(null);
    setResult(null);
    try {
      setResult(await api.call('accounts.test', { baseUrl: baseUrl.trim(), token: token.trim() }));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  const save = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!canSend || name.trim() === '') return;
    setBusy('save');
    setError(null);
    try {
      const account = await api.call('accounts.add', { name: name.trim(), baseUrl: baseUrl.trim(), token: token.trim() });
      setToken('');
      onSaved(account);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <form className="form" onSubmit={(e) => void save(e)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('connect.name')}</label>
        <input id={`${id}-name`} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} placeholder={t('connect.namePlaceholder')} required />
      </div>
      <div className="field">
        <label htmlFor={`${id}-url`}>{t('connect.baseUrl')}</label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          value={baseUrl}
          onChange={(e) => {
            setBaseUrl(e.target.value);
            setResult(null);
          }}
          placeholder="https://…/integration/v2"
          spellCheck={false}
          required
          aria-describedby={`${id}-url-hint`}
          aria-invalid={check?.valid === false}
        />
        <p id={`${id}-url-hint`} className="field__hint">
          {t('connect.baseUrlHint')}
        </p>
        {check?.valid === false && <p className="field__error">{t('connect.baseUrlInvalid')}</p>}
        {check?.valid && check.pathWarning && <p className="field__warn">{t('connect.pathWarning')}</p>}
        {check?.valid && check.insecure && <p className="field__warn">{t('connect.insecure')}</p>}
      </div>
      <TokenField
        id={`${id}-token`}
        value={token}
        onChange={(v) => {
          setToken(v);
          setResult(null);
        }}
      />
      {result && <ConnectionResult result={result} />}
      {error !== null && <ErrorBox error={error} />}
      <div className="form__actions">
        <button type="button" className="button" disabled={!canSend || busy !== null} onClick={() => void test()}>
          {busy === 'test' ? t('connect.testing') : t('connect.test')}
        </button>
        <button type="submit" className="button button--primary" disabled={!canSend || name.trim() === '' || busy !== null}>
          {busy === 'save' ? t('connect.saving') : t('connect.save')}
        </button>
      </div>
    </form>
  );
}

// Connect a portal account: name, integration address, token; Test connection; Save. The address is
// checked by the same rule main applies (shared/base-url.ts), so the form never accepts what the
// test refuses; a disabled button says what it waits for; one outcome shows at a time, the last.
import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountView, ConnectionTestView } from '../../../shared/views';
import { api } from '../api';
import { checkBaseUrl } from '../../../shared/base-url';
import { useCodedText } from '../hooks/useCodedText';
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
  // The last test's result or the last error, never both: a new one replaces the one before.
  const [outcome, setOutcome] = useState<{ result: ConnectionTestView } | { error: unknown } | null>(null);
  const codedText = useCodedText();

  const check = baseUrl.trim() === '' ? null : checkBaseUrl(baseUrl);
  const canSend = check?.ok === true && token.trim() !== '';
  // What a disabled button waits for, the first thing missing (the address's own error says what is wrong with it).
  const waitingFor =
    check === null ? t('connect.needsAddress') : !check.ok ? t('connect.needsValidAddress') : token.trim() === '' ? t('connect.needsToken') : null;
  const saveWaitsFor = waitingFor ?? (name.trim() === '' ? t('connect.needsName') : null);
  const clearResult = () => setOutcome((o) => (o !== null && 'result' in o ? null : o));

  const test = async () => {
    setBusy('test');
    setOutcome(null);
    try {
      setOutcome({ result: await api.call('accounts.test', { baseUrl: baseUrl.trim(), token: token.trim() }) });
    } catch (e) {
      setOutcome({ error: e });
    } finally {
      setBusy(null);
    }
  };

  const save = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!canSend || name.trim() === '') return;
    setBusy('save');
    setOutcome(null);
    try {
      const account = await api.call('accounts.add', { name: name.trim(), baseUrl: baseUrl.trim(), token: token.trim() });
      setToken('');
      onSaved(account);
    } catch (err) {
      setOutcome({ error: err });
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
            clearResult();
          }}
          placeholder="https://…/integration/v2"
          spellCheck={false}
          required
          aria-describedby={`${id}-url-hint`}
          aria-invalid={check?.ok === false}
        />
        <p id={`${id}-url-hint`} className="field__hint">
          {t('connect.baseUrlHint')}
        </p>
        {check?.ok === false && (
          <p className="field__error" data-testid="base-url-error">
            {codedText(check.message) ?? t('connect.baseUrlInvalid')}
          </p>
        )}
        {check?.ok === true && check.pathWarning && <p className="field__warn">{t('connect.pathWarning')}</p>}
      </div>
      <TokenField
        id={`${id}-token`}
        value={token}
        onChange={(v) => {
          setToken(v);
          clearResult();
        }}
      />
      {outcome !== null && 'result' in outcome && <ConnectionResult result={outcome.result} />}
      {outcome !== null && 'error' in outcome && <ErrorBox error={outcome.error} />}
      <div className="form__actions">
        <button
          type="button"
          className="button"
          disabled={!canSend || busy !== null}
          onClick={() => void test()}
          aria-describedby={waitingFor === null ? undefined : `${id}-waiting`}
        >
          {busy === 'test' ? t('connect.testing') : t('connect.test')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={saveWaitsFor !== null || busy !== null}
          aria-describedby={saveWaitsFor === null ? undefined : saveWaitsFor === waitingFor ? `${id}-waiting` : `${id}-save-waiting`}
        >
          {busy === 'save' ? t('connect.saving') : t('connect.save')}
        </button>
      </div>
      {waitingFor !== null && (
        <p id={`${id}-waiting`} className="field__hint" data-testid="connect-waiting">
          {waitingFor}
        </p>
      )}
      {saveWaitsFor !== null && saveWaitsFor !== waitingFor && (
        <p id={`${id}-save-waiting`} className="field__hint" data-testid="connect-save-waiting">
          {saveWaitsFor}
        </p>
      )}
    </form>
  );
}

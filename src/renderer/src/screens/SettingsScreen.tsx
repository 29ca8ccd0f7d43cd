// Settings: the account (switch, replace token, remove, add), its photo caching and disk budget,
// language, storage folders and clearing the cache.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageSetting, PhotoCaching } from '../../../shared/views';
import { api } from '../api';
import { useApp } from '../AppContext';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { RemoveAccountDialog } from '../components/RemoveAccountDialog';
import { ErrorBox } from '../components/ErrorBox';
import { ReplaceTokenDialog } from '../components/ReplaceTokenDialog';
import { useSettings } from '../hooks/useSettings';
import { resolveLanguage } from '../../../shared/i18n/language';

export function SettingsScreen() {
  const { t } = useTranslation();
  const { account, accounts, appInfo, settings, updateSettings, view, notify, reportError, setAddingAccount } = useApp();
  // The same reads as the app's (one query each): here for their errors and Retry.
  const { error: settingsError, retry } = useSettings();
  const id = useId();
  const [dialog, setDialog] = useState<'token' | 'remove' | 'clear' | null>(view.screen === 'settings' && view.focus === 'token' ? 'token' : null);
  const savedBudget = settings ? String(settings.diskBudgetMb) : '';
  const [budget, setBudget] = useState(savedBudget);
  // State follows what it mirrors while rendering (not in effects): the saved budget once it
  // changes, and the token dialog when the banner's action brings the dealer here again.
  const [shown, setShown] = useState({ savedBudget, view });
  if (shown.savedBudget !== savedBudget || shown.view !== view) {
    setShown({ savedBudget, view });
    if (shown.savedBudget !== savedBudget) setBudget(savedBudget);
    if (shown.view !== view && view.screen === 'settings' && view.focus === 'token') setDialog('token');
  }

  const save = (change: Parameters<typeof updateSettings>[0]) =>
    updateSettings(change).then(() => notify('success', (tr) => tr('settings.saved')), reportError);
  const systemName = resolveLanguage('system', navigator.language) === 'pt-BR' ? t('settings.portuguese') : t('settings.english');
  const budgetValue = Number(budget);
  const budgetValid = Number.isInteger(budgetValue) && budgetValue >= 50;

  return (
    <section className="page settings" aria-labelledby="settings-title">
      <header className="page__header">
        <h1 id="settings-title">{t('settings.title')}</h1>
      </header>
      {settingsError !== null && <ErrorBox error={settingsError} onRetry={retry} />}

      <section className="card" aria-labelledby={`${id}-account`}>
        <h2 id={`${id}-account`}>{t('settings.account')}</h2>
        {accounts.length > 1 && (
          <div className="field">
            <label htmlFor={`${id}-switch`}>{t('settings.switchAccount')}</label>
            <select
              id={`${id}-switch`}
              value={account.id}
              onChange={(e) => {
                api.call('accounts.select', { accountId: e.target.value }).catch(reportError);
              }}
            >
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                  {a.demo ? ` (${t('topbar.demo')})` : ''}
                </option>
              ))}
            </select>
          </div>
        )}
        <dl className="fields">
          <div className="fields__item">
            <dt>{t('connect.name')}</dt>
            <dd>{account.name}</dd>
          </div>
          <div className="fields__item">
            <dt>{t('connect.baseUrl')}</dt>
            <dd className="mono break">{account.baseUrl}</dd>
          </div>
        </dl>
        <div className="form__actions">
          <button type="button" className={`button ${account.tokenRefused ? 'button--primary' : ''}`} onClick={() => setDialog('token')}>
            {t('settings.replaceToken')}
          </button>
          <button type="button" className="button button--danger" onClick={() => setDialog('remove')}>
            {t('settings.remove')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setAddingAccount(true)}>
            {t('settings.addAccount')}
          </button>
        </div>
      </section>

      <section className="card" aria-labelledby={`${id}-photos`}>
        <h2 id={`${id}-photos`}>{t('settings.photos')}</h2>
        <p className="muted">{t('settings.photosForAccount', { name: account.name })}</p>
        <fieldset className="radio-group">
          <legend>{t('settings.photoCaching')}</legend>
          {(['covers', 'all'] as const satisfies readonly PhotoCaching[]).map((value) => (
            <label key={value} className="check">
              <input
                type="radio"
                name={`${id}-caching`}
                value={value}
                checked={settings?.photoCaching === value}
                disabled={!settings || !account}
                onChange={() => void save({ photoCaching: value })}
              />
              {t(`settings.${value}`)}
            </label>
          ))}
        </fieldset>
        <div className="field field--inline">
          <label htmlFor={`${id}-budget`}>{t('settings.diskBudget')}</label>
          <input
            id={`${id}-budget`}
            type="number"
            min={50}
            step={50}
            value={budget}
            onChange={(e) => setBudget(e.target.value)}
            disabled={!settings || !account}
            aria-invalid={!budgetValid}
          />
          <button
            type="button"
            className="button"
            disabled={!budgetValid || budgetValue === settings?.diskBudgetMb}
            onClick={() => void save({ diskBudgetMb: budgetValue })}
          >
            {t('common.save')}
          </button>
        </div>
      </section>

      <section className="card" aria-labelledby={`${id}-language`}>
        <h2 id={`${id}-language`}>{t('settings.language')}</h2>
        <div className="field">
          <label htmlFor={`${id}-lang`} className="sr-only">
            {t('settings.language')}
          </label>
          <select
            id={`${id}-lang`}
            value={settings?.language ?? 'system'}
            disabled={!settings}
            onChange={(e) => void save({ language: e.target.value as LanguageSetting })}
          >
            <option value="system">{t('settings.languageSystem', { language: systemName })}</option>
            <option value="en">English</option>
            <option value="pt-BR">Português do Brasil</option>
          </select>
        </div>
      </section>

      <section className="card" aria-labelledby={`${id}-storage`}>
        <h2 id={`${id}-storage`}>{t('settings.storage')}</h2>
        <dl className="fields">
          <div className="fields__item">
            <dt>{t('settings.dataFolder')}</dt>
            <dd className="mono break">{appInfo?.dataFolder ?? '—'}</dd>
          </div>
          <div className="fields__item">
            <dt>{t('settings.logsFolder')}</dt>
            <dd className="mono break">{appInfo?.logsFolder ?? '—'}</dd>
          </div>
          <div className="fields__item">
            <dt>{t('settings.version')}</dt>
            <dd>{appInfo?.version ?? '—'}</dd>
          </div>
        </dl>
        <div className="form__actions">
          <button type="button" className="button button--danger" onClick={() => setDialog('clear')}>
            {t('settings.clearCache')}
          </button>
        </div>
      </section>

      {dialog === 'token' && (
        <ReplaceTokenDialog
          account={account}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            notify('success', (tr) => tr('settings.replaced'));
          }}
        />
      )}
      {dialog === 'remove' && <RemoveAccountDialog account={account} onClose={() => setDialog(null)} onRemoved={() => setDialog(null)} />}
      {dialog === 'clear' && (
        <ConfirmDialog
          title={t('settings.clearCacheTitle')}
          body={t('settings.clearCacheBody')}
          confirmLabel={t('settings.clearCache')}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await api.call('cache.clear', {});
            notify('success', (tr) => tr('settings.cleared'));
          }}
        />
      )}
    </section>
  );
}

// First run (no account yet): the welcome, the connect form and the demo. "Add another account"
// from Settings: the connect form alone, under its own title (the demo is a first-run offer).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountView } from '../../../shared/views';
import { api } from '../api';
import { ConnectAccountForm } from '../components/ConnectAccountForm';
import { ErrorBox } from '../components/ErrorBox';

interface Props {
  onReady: (account: AccountView, startSync: boolean) => void;
  /** Present when the dealer already has an account and came from Settings. */
  onCancel?: () => void;
}

export function FirstRunScreen({ onReady, onCancel }: Props) {
  const { t } = useTranslation();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const startDemo = async () => {
    setStarting(true);
    setError(null);
    try {
      const account = await api.call('demo.start', {});
      // Main starts the demo's first sync itself, so the stock shows at once.
      onReady(account, false);
    } catch (e) {
      setError(e);
      setStarting(false);
    }
  };

  if (onCancel) {
    return (
      <main className="first-run">
        <div className="first-run__inner">
          <h1>{t('firstRun.addTitle')}</h1>
          <p className="first-run__intro">{t('firstRun.addIntro')}</p>
          <section className="card" aria-labelledby="connect-title">
            <h2 id="connect-title">{t('firstRun.connectTitle')}</h2>
            <ConnectAccountForm onSaved={(account) => onReady(account, true)} />
          </section>
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        </div>
      </main>
    );
  }

  return (
    <main className="first-run">
      <div className="first-run__inner">
        <h1>{t('firstRun.title')}</h1>
        <p className="first-run__intro">{t('firstRun.intro')}</p>
        <div className="first-run__columns">
          <section className="card" aria-labelledby="connect-title">
            <h2 id="connect-title">{t('firstRun.connectTitle')}</h2>
            <ConnectAccountForm onSaved={(account) => onReady(account, true)} />
          </section>
          <div className="first-run__or" aria-hidden="true">
            {t('firstRun.or')}
          </div>
          <section className="card card--demo" aria-labelledby="demo-title">
            <h2 id="demo-title">{t('demo.title')}</h2>
            <p>{t('demo.body')}</p>
            <button type="button" className="button button--primary button--large" onClick={() => void startDemo()} disabled={starting}>
              {starting ? t('demo.starting') : t('demo.start')}
            </button>
            {error !== null && <ErrorBox error={error} />}
          </section>
        </div>
      </div>
    </main>
  );
}

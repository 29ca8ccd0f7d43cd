// The integration token was refused: say so, and offer the way forward.
import { useTranslation } from 'react-i18next';
import { useApp } from '../AppContext';

export function TokenRefusedBanner() {
  const { t } = useTranslation();
  const { account, navigate } = useApp();
  if (!account.tokenRefused) return null;
  return (
    <div className="banner banner--danger" role="alert">
      <div>
        <strong>{t('tokenRefused.title')}</strong>
        <p>{t('tokenRefused.body')}</p>
      </div>
      <button type="button" className="button button--primary" onClick={() => navigate({ screen: 'settings', focus: 'token' })}>
        {t('tokenRefused.action')}
      </button>
    </div>
  );
}

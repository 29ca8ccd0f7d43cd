// An error in words for the dealer, with the support detail folded away.
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../hooks/useErrorText';

export function ErrorBox({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const text = useErrorText()(error);
  return (
    <div className="error-box" role="alert" data-kind={text.kind}>
      <p className="error-box__summary">{text.summary}</p>
      {text.message && <p className="error-box__message">{text.message}</p>}
      {text.detail && (
        <details>
          <summary>{t('common.showDetails')}</summary>
          <pre>{text.detail}</pre>
        </details>
      )}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

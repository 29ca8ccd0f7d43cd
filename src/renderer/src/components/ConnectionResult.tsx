// The precise outcome of "Test connection".
import { useTranslation } from 'react-i18next';
import type { ConnectionTestView } from '../../../shared/views';

export function ConnectionResult({ result }: { result: ConnectionTestView }) {
  const { t } = useTranslation();
  const ok = result.outcome === 'connected';
  const text = ok
    ? result.planName
      ? t('connect.outcome.connected', { plan: result.planName })
      : t('connect.outcome.connectedNoPlan')
    : t(`connect.outcome.${result.outcome}`);
  return (
    <div className={`callout ${ok ? 'callout--ok' : 'callout--danger'}`} role="status" data-outcome={result.outcome}>
      <p>{text}</p>
      {!ok && result.message && <p className="callout__detail">{result.message}</p>}
      {result.pathWarning && <p className="callout__warn">{t('connect.pathWarning')}</p>}
    </div>
  );
}

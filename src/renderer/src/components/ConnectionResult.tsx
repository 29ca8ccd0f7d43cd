// The precise outcome of "Test connection".
import { useTranslation } from 'react-i18next';
import type { ConnectionTestView } from '../../../shared/views';
import { useCodedText } from '../hooks/useCodedText';

export function ConnectionResult({ result }: { result: ConnectionTestView }) {
  const { t, i18n } = useTranslation();
  const codedText = useCodedText();
  // The portal's own failure in the UI language; an uncoded message is English (shown to an English UI only).
  const said = codedText(result) ?? (i18n.language === 'en' ? result.message : null);
  const ok = result.outcome === 'connected';
  const text = ok
    ? result.planName
      ? t('connect.outcome.connected', { plan: result.planName })
      : t('connect.outcome.connectedNoPlan')
    : t(`connect.outcome.${result.outcome}`);
  return (
    <div className={`callout ${ok ? 'callout--ok' : 'callout--danger'}`} role="status" data-outcome={result.outcome}>
      <p>{text}</p>
      {!ok && said && <p className="callout__detail">{said}</p>}
      {result.pathWarning && <p className="callout__warn">{t('connect.pathWarning')}</p>}
    </div>
  );
}

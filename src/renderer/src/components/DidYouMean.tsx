// "Did you mean Toyota?" under a search that found nothing: the text corrected from the stock's own
// words (the session's inventory.suggest); one click or Enter searches it instead.
import { useTranslation } from 'react-i18next';
import { useChannel } from '../query/useChannel';

export function DidYouMean({ text, onApply }: { text: string; onApply: (text: string) => void }) {
  const { t } = useTranslation();
  const { data: suggestion } = useChannel('inventory.suggest', { text });
  if (suggestion === undefined || suggestion === null) return null;
  return (
    <button type="button" className="button button--primary" onClick={() => onApply(suggestion)} data-testid="did-you-mean">
      {t('inventory.didYouMean', { text: suggestion })}
    </button>
  );
}

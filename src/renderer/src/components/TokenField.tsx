// The integration token input: a password field with show/hide and the hint on where to find it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

export function TokenField({ id, value, onChange }: Props) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{t('connect.token')}</label>
      <div className="field__row">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          required
          aria-describedby={`${id}-hint`}
        />
        <button type="button" className="button button--ghost" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
          {shown ? t('connect.hideToken') : t('connect.showToken')}
        </button>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {t('connect.tokenHint')} {t('connect.tokenStored')}
      </p>
    </div>
  );
}

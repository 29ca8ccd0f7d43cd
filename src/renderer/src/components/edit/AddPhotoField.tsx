// Adds a photo by its web address; off, with the reason, when the plan's limit is reached.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPhotoAddress } from '../../logic/photoSlots';

export function AddPhotoField({ full, max, onAdd }: { full: boolean; max: number; onAdd: (source: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [address, setAddress] = useState('');
  const [invalid, setInvalid] = useState(false);

  const add = () => {
    if (!isPhotoAddress(address)) {
      setInvalid(true);
      return;
    }
    onAdd(address.trim());
    setAddress('');
    setInvalid(false);
  };

  return (
    <div className="field">
      <label htmlFor={id}>{t('listingEdit.photos.addLabel')}</label>
      <div className="field__row">
        <input
          id={id}
          type="url"
          inputMode="url"
          spellCheck={false}
          value={address}
          placeholder="https://…"
          disabled={full}
          aria-invalid={invalid}
          aria-describedby={`${id}-why`}
          onChange={(e) => {
            setAddress(e.target.value);
            setInvalid(false);
          }}
          onKeyDown={(e) => {
            // Enter adds the photo here; it must not save the whole form.
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button" disabled={full || address.trim() === ''} onClick={add}>
          {t('listingEdit.photos.add')}
        </button>
      </div>
      <p id={`${id}-why`} className={invalid ? 'field__error' : 'field__hint'} role={invalid ? 'alert' : undefined}>
        {invalid ? t('listingEdit.photos.addressInvalid') : full ? t('listingEdit.photos.full', { max }) : t('listingEdit.photos.notCheckedHint')}
      </p>
    </div>
  );
}

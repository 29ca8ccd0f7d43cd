// Title (≤ 100, counted) and description (≤ 4,000, counted, with the length that reads well).
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_READABLE_LENGTH, LISTING_WRITE_LIMITS } from '../../../../shared/listing-write';
import { EditField } from './EditField';
import type { SectionProps } from './formProps';

export function TextSection({ draft, set, idOf, errorsOf }: SectionProps) {
  const { t } = useTranslation();
  const titleMax = LISTING_WRITE_LIMITS.titleMax;
  const descriptionMax = LISTING_WRITE_LIMITS.descriptionMax;
  const reads = DESCRIPTION_READABLE_LENGTH;
  const long = draft.description.length > reads;
  return (
    <fieldset className="edit-section edit-section--grow">
      <legend>{t('listingEdit.sections.text')}</legend>
      <EditField
        id={idOf('title')}
        label={t('listingEdit.fields.title')}
        errors={errorsOf('title')}
        hint={
          <span className={draft.title.length > titleMax ? 'field__error' : undefined}>
            {t('listingEdit.hints.counter', { count: draft.title.length, max: titleMax })}
          </span>
        }
      >
        {(box) => <input {...box} value={draft.title} onChange={(e) => set({ title: e.target.value })} />}
      </EditField>
      <EditField
        id={idOf('description')}
        label={t('listingEdit.fields.description')}
        errors={errorsOf('description')}
        hint={
          <>
            <Counter count={draft.description.length} max={descriptionMax} />
            {' · '}
            {long ? (
              <span className="field__warn">{t('listingEdit.hints.descriptionLong', { reads })}</span>
            ) : (
              t('listingEdit.hints.descriptionReads', { reads, max: descriptionMax })
            )}
          </>
        }
      >
        {(box) => <textarea {...box} rows={6} value={draft.description} onChange={(e) => set({ description: e.target.value })} />}
      </EditField>
    </fieldset>
  );
}

/** How many characters of how many; past the portal's limit in the error's colour. */
function Counter({ count, max }: { count: number; max: number }) {
  const { t } = useTranslation();
  return <span className={count > max ? 'field__error' : undefined}>{t('listingEdit.hints.counter', { count, max })}</span>;
}

// A new listing's own reference (the dealer's code for it, unique in the inventory) and its type,
// which decides the brands, the accessories and whether it has doors. One short row across the
// form's width, above its two columns.
import { useTranslation } from 'react-i18next';
import { KNOWN_TYPES } from '../../../../shared/vehicle';
import { CodeBox } from './CodeBox';
import { EditField } from './EditField';
import { EnumSelect } from './EnumSelect';

export interface ListingIdentity {
  reference: string;
  type: string;
}

interface Props {
  value: ListingIdentity;
  onChange: (value: ListingIdentity) => void;
  idOf: (field: string) => string;
  errorsOf: (field: string) => readonly string[] | undefined;
}

export function ListingSection({ value, onChange, idOf, errorsOf }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className="edit-section edit-section--wide">
      <legend>{t('newListing.section')}</legend>
      <div className="edit-row">
        <EditField id={idOf('reference')} label={t('listingEdit.fields.reference')} errors={errorsOf('reference')} hint={t('newListing.referenceHint')}>
          {(box) => <CodeBox box={box} value={value.reference} onChange={(reference) => onChange({ ...value, reference })} />}
        </EditField>
        <EnumSelect
          id={idOf('type')}
          kind="type"
          label={t('listingEdit.fields.type')}
          values={KNOWN_TYPES}
          value={value.type}
          onChange={(type) => onChange({ ...value, type })}
          errors={errorsOf('type')}
        />
      </div>
    </fieldset>
  );
}

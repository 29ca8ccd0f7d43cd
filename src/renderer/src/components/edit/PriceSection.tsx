// Price, down payment and installments (count and amount; 0 when there are none).
import { useTranslation } from 'react-i18next';
import { AmountField } from './AmountField';
import { EditField } from './EditField';
import type { SectionProps } from './formProps';

export function PriceSection({ draft, set, idOf, errorsOf }: SectionProps) {
  const { t } = useTranslation();
  const amount = (field: 'value' | 'deposit' | 'amountPerInstallment', hint?: string) => (
    <AmountField
      id={idOf(field)}
      label={t(`listingEdit.fields.${field}`)}
      value={draft[field]}
      onChange={(typed) => set({ [field]: typed })}
      errors={errorsOf(field)}
      {...(hint === undefined ? {} : { hint })}
    />
  );
  return (
    <fieldset className="edit-section">
      <legend>{t('listingEdit.sections.price')}</legend>
      {amount('value', t('listingEdit.hints.price'))}
      {amount('deposit')}
      <div className="edit-row">
        <EditField
          id={idOf('amountOfInstallments')}
          label={t('listingEdit.fields.amountOfInstallments')}
          errors={errorsOf('amountOfInstallments')}
          hint={t('listingEdit.hints.installments')}
        >
          {(box) => <input {...box} inputMode="numeric" value={draft.amountOfInstallments} onChange={(e) => set({ amountOfInstallments: e.target.value })} />}
        </EditField>
        {amount('amountPerInstallment')}
      </div>
    </fieldset>
  );
}

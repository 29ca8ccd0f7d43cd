// An amount in reais typed the Brazilian way (R$ 49.990,00) or plainly (49990), with what it reads
// as beside it, so a misplaced dot is seen before saving.
import { useTranslation } from 'react-i18next';
import { parseAmount } from '../../../../shared/listing-write';
import { useFormat } from '../../hooks/useFormat';
import { EditField } from './EditField';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[] | undefined;
  hint?: string;
}

export function AmountField({ id, label, value, onChange, errors, hint }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const amount = value.trim() === '' ? null : parseAmount(value);
  const reads = value.trim() === '' ? null : amount === null ? t('listingEdit.hints.notAPrice') : t('listingEdit.hints.reads', { value: f.money(amount) });
  return (
    <EditField
      id={id}
      label={label}
      errors={errors}
      hint={
        <>
          {reads && (
            <span className="amount__reads" data-testid={`${id}-reads`}>
              {reads}
            </span>
          )}
          {reads && hint && ' · '}
          {hint}
        </>
      }
    >
      {(box) => <input {...box} inputMode="decimal" autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} placeholder="R$ 0,00" />}
    </EditField>
  );
}

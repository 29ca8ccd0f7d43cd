// One of the portal's lists (colour, fuel, gearbox) by its readable names; a value the portal sent
// outside the list is kept as an option, shown as it came, so opening the form changes nothing.
import { useTranslation } from 'react-i18next';
import type { EnumKind } from '../../../../shared/i18n/enums';
import { useFormat } from '../../hooks/useFormat';
import { EditField } from './EditField';

interface Props {
  id: string;
  kind: EnumKind;
  label: string;
  values: readonly string[];
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[] | undefined;
}

export function EnumSelect({ id, kind, label, values, value, onChange, errors }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const unknown = value !== '' && !values.includes(value);
  return (
    <EditField id={id} label={label} errors={errors}>
      {(box) => (
        <select {...box} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('listingEdit.choose')}</option>
          {unknown && <option value={value}>{t('listingEdit.unknownValue', { value })}</option>}
          {values.map((v) => (
            <option key={v} value={v}>
              {f.enumValue(kind, v)}
            </option>
          ))}
        </select>
      )}
    </EditField>
  );
}

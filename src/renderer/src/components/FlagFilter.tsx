// A yes/no filter with counts: Any / Yes (n) / No (n).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { YesNoCount } from '../../../shared/inventory';

interface Props {
  label: string;
  value: boolean | undefined;
  counts: YesNoCount | undefined;
  onChange: (value: boolean | undefined) => void;
}

export function FlagFilter({ label, value, counts, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flag-filter">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value === undefined ? 'any' : value ? 'yes' : 'no'}
        onChange={(e) => onChange(e.target.value === 'any' ? undefined : e.target.value === 'yes')}
      >
        <option value="any">{t('filters.flagState.any')}</option>
        <option value="yes">
          {t('filters.flagState.yes')}
          {counts ? ` (${counts.yes})` : ''}
        </option>
        <option value="no">
          {t('filters.flagState.no')}
          {counts ? ` (${counts.no})` : ''}
        </option>
      </select>
    </div>
  );
}

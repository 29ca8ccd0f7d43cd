// The days-in-stock filter: its range, and the usual questions (at least 30, 60, 90 days) a click away.
import { useTranslation } from 'react-i18next';
import type { NumberRange, RangeBounds } from '../../../shared/inventory';
import { AGE_PRESETS } from '../../../shared/stock-age';
import { useFormat } from '../hooks/useFormat';
import { RangeFilter } from './RangeFilter';

interface Props {
  value: NumberRange | undefined;
  bounds: RangeBounds | undefined;
  onChange: (range: NumberRange) => void;
}

export function AgeFilter({ value, bounds, onChange }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <div className="age-filter">
      <RangeFilter title={t('filters.age')} value={value} bounds={bounds} format={(n) => f.number(n)} onChange={onChange} />
      <div className="chips age-filter__presets" role="group" aria-label={t('filters.age')}>
        {AGE_PRESETS.map((days) => {
          const on = value?.min === days && value.max === undefined;
          return (
            <button key={days} type="button" className="chip" aria-pressed={on} onClick={() => onChange(on ? {} : { min: days })}>
              {t('filters.agePreset', { days })}
            </button>
          );
        })}
      </div>
    </div>
  );
}

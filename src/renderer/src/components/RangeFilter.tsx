// From/To inputs for a numeric filter; applied on Enter or when leaving the field.
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { NumberRange } from '../../../shared/inventory';
import { parseWholeNumber } from '../logic/filters';

interface Props {
  title: string;
  value: NumberRange | undefined;
  bounds: { min: number | null; max: number | null } | undefined;
  format: (n: number) => string;
  onChange: (range: NumberRange) => void;
}

export function RangeFilter({ title, value, bounds, format, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [min, setMin] = useState(value?.min?.toString() ?? '');
  const [max, setMax] = useState(value?.max?.toString() ?? '');
  // The applied range changed (cleared, or set elsewhere): the inputs show it.
  const applied = `${value?.min ?? ''}|${value?.max ?? ''}`;
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setMin(value?.min?.toString() ?? '');
    setMax(value?.max?.toString() ?? '');
  }

  const apply = () => onChange({ min: parseWholeNumber(min), max: parseWholeNumber(max) });
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') apply();
  };
  return (
    <fieldset className="filter-group range-filter">
      <legend>{title}</legend>
      <div className="range-filter__inputs">
        <label htmlFor={`${id}-min`} className="sr-only">
          {title} — {t('filters.min')}
        </label>
        <input
          id={`${id}-min`}
          inputMode="numeric"
          value={min}
          placeholder={bounds?.min != null ? format(bounds.min) : t('filters.min')}
          onChange={(e) => setMin(e.target.value)}
          onBlur={apply}
          onKeyDown={onKey}
        />
        <span aria-hidden="true">–</span>
        <label htmlFor={`${id}-max`} className="sr-only">
          {title} — {t('filters.max')}
        </label>
        <input
          id={`${id}-max`}
          inputMode="numeric"
          value={max}
          placeholder={bounds?.max != null ? format(bounds.max) : t('filters.max')}
          onChange={(e) => setMax(e.target.value)}
          onBlur={apply}
          onKeyDown={onKey}
        />
      </div>
    </fieldset>
  );
}

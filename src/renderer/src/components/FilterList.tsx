// A checkbox list of one facet's values with their counts. Long lists fold after a few.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FacetValue } from '../../../shared/inventory';

interface Props {
  title: string;
  counts: FacetValue[];
  selected: readonly string[];
  label: (value: string) => string;
  format: (count: number) => string;
  onToggle: (value: string) => void;
  fold?: number;
}

export function FilterList({ title, counts, selected, label, format, onToggle, fold = 8 }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  // A chosen value stays visible (so it can be unchosen) even when no listing has it any more.
  const values = [...counts];
  for (const s of selected) if (!values.some((c) => c.value === s)) values.push({ value: s, count: 0 });
  const shown = expanded ? values : values.slice(0, fold);
  if (values.length === 0) return null;
  return (
    <fieldset className="filter-group">
      <legend>{title}</legend>
      <ul id={id}>
        {shown.map((c) => (
          <li key={c.value}>
            <label className="check">
              <input type="checkbox" checked={selected.includes(c.value)} onChange={() => onToggle(c.value)} data-value={c.value} />
              <span className="check__label">{label(c.value)}</span>
              <span className="count">({format(c.count)})</span>
            </label>
          </li>
        ))}
      </ul>
      {values.length > fold && (
        <button type="button" className="link-button small" aria-controls={id} aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {expanded ? t('filters.showFewer') : t('filters.showAll', { count: values.length })}
        </button>
      )}
    </fieldset>
  );
}

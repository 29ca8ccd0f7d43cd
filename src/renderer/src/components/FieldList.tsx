// A definition list of labelled values; an empty value shows a dash.
import type { ReactNode } from 'react';

export interface FieldItem {
  key: string;
  label: string;
  value: ReactNode;
}

export function FieldList({ items }: { items: FieldItem[] }) {
  return (
    <dl className="fields">
      {items.map((item) => (
        <div className="fields__item" key={item.key} data-field={item.key}>
          <dt>{item.label}</dt>
          <dd>{item.value === null || item.value === undefined || item.value === '' ? '—' : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

// One labelled box of the edit form: its hint, and its errors (the schema's and the portal's) said
// on it, tied to the box for screen readers. The box itself is the caller's, given these props.
import type { ReactNode } from 'react';

export interface BoxProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid': boolean;
}

interface Props {
  id: string;
  label: string;
  hint?: ReactNode;
  errors?: readonly string[] | undefined;
  className?: string;
  children: (box: BoxProps) => ReactNode;
}

export function EditField({ id, label, hint, errors = [], className, children }: Props) {
  const described = [hint ? `${id}-hint` : null, errors.length > 0 ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`field ${className ?? ''}`} data-field={id}>
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(described ? { 'aria-describedby': described } : {}), 'aria-invalid': errors.length > 0 })}
      {hint && (
        <div id={`${id}-hint`} className="field__hint">
          {hint}
        </div>
      )}
      {errors.length > 0 && (
        <p id={`${id}-error`} className="field__error">
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}

// A labelled usage / progress bar (role=progressbar or meter semantics via aria).
interface Props {
  label: string;
  value: number;
  max: number;
  /** Visible text next to the label (e.g. "45 of 50"). */
  valueText: string;
  tone?: 'normal' | 'warn' | 'danger';
  /** Indeterminate progress (total unknown). */
  indeterminate?: boolean;
}

export function Meter({ label, value, max, valueText, tone = 'normal', indeterminate }: Props) {
  const ratio = max > 0 ? Math.max(0, Math.min(1, value / max)) : 0;
  return (
    <div className={`meter meter--${tone}`}>
      <div className="meter__label">
        <span>{label}</span>
        <span className="meter__value">{valueText}</span>
      </div>
      <div
        className={`meter__track ${indeterminate ? 'meter__track--indeterminate' : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={indeterminate ? undefined : max}
        aria-valuenow={indeterminate ? undefined : value}
        aria-valuetext={valueText}
      >
        <div className="meter__fill" style={{ width: indeterminate ? undefined : `${ratio * 100}%` }} />
      </div>
    </div>
  );
}

// A box for a code typed as it is (a plate, a reference): monospaced, no spelling or autofill.
import type { BoxProps } from './EditField';

interface Props {
  box: BoxProps;
  value: string;
  onChange: (value: string) => void;
}

export function CodeBox({ box, value, onChange }: Props) {
  return <input {...box} className="mono" autoComplete="off" spellCheck={false} value={value} onChange={(e) => onChange(e.target.value)} />;
}

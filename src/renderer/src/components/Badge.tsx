import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'ok' | 'info' | 'warn' | 'danger' | 'accent';

interface Props {
  tone: BadgeTone;
  children: ReactNode;
  /** Longer explanation: shown as a tooltip and read by screen readers. */
  explain?: string;
}

export function Badge({ tone, children, explain }: Props) {
  return (
    <span className={`badge badge--${tone}`} title={explain}>
      {children}
      {explain && <span className="sr-only">: {explain}</span>}
    </span>
  );
}

// A part of the page that scrolls on its own (a wide table, a zoomed photo): a named region that
// takes the focus, so the keyboard can scroll it too (axe: scrollable-region-focusable).
import type { ReactNode } from 'react';

interface Props {
  className: string;
  children: ReactNode;
  /** Its name, for the region (and the keyboard user who lands on it). */
  label: string;
}

export function ScrollRegion({ className, children, label }: Props) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take the focus for the keyboard to scroll it
    <div className={className} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

// A part of the page that scrolls on its own (a wide table, a zoomed photo): a named region that
// takes the focus, so the keyboard can scroll it too (axe: scrollable-region-focusable).
import type { ReactNode, Ref } from 'react';

interface Props {
  className: string;
  children: ReactNode;
  /** Its name, for the region (and the keyboard user who lands on it). */
  label: string;
  /** For a caller that measures the region (the photo viewer fits the photo inside it). */
  regionRef?: Ref<HTMLDivElement>;
}

export function ScrollRegion({ className, children, label, regionRef }: Props) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take the focus for the keyboard to scroll it
    <div ref={regionRef} className={className} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

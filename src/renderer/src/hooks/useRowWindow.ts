// The rows of a scroller to draw (logic/rowWindow.ts), following its scrolling and its size. A
// render happens only when the rows drawn change, and during a scroll at once (flushSync), so that
// the frame that shows the new offset has its rows.
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { rowRange, sameRows, scrollTopToShow, type RowGeometry, type RowRange, type Viewport } from '../logic/rowWindow';

export interface RowWindow extends RowRange {
  /** The height of all the rows. */
  totalHeight: number;
  /** Scrolls as little as needed to show row `index` whole. */
  scrollToIndex: (index: number) => void;
}

const viewportOf = (el: HTMLElement): Viewport => ({ scrollTop: el.scrollTop, height: el.clientHeight });

/** `geometry`: a constant (a module's), not an object made in each render. */
export function useRowWindow(scrollRef: RefObject<HTMLElement | null>, count: number, geometry: RowGeometry): RowWindow {
  const [viewport, setViewport] = useState<Viewport>({ scrollTop: 0, height: 0 });
  // What was last set, compared outside React: a state update that React finds equal may still
  // draw the component once more.
  const shown = useRef(viewport);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return undefined;
    const read = () => {
      const next = viewportOf(el);
      if (sameRows(shown.current, next, geometry)) return;
      shown.current = next;
      setViewport(next);
    };
    read();
    const onScroll = () => flushSync(read);
    el.addEventListener('scroll', onScroll, { passive: true });
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(read) : null;
    resized?.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resized?.disconnect();
    };
  }, [scrollRef, geometry]);

  const scrollToIndex = useCallback(
    (index: number) => {
      const el = scrollRef.current;
      if (!el) return;
      const top = scrollTopToShow(index, viewportOf(el), geometry);
      if (top !== null) el.scrollTop = top;
    },
    [scrollRef, geometry],
  );

  return { ...rowRange(viewport, count, geometry), totalHeight: Math.max(0, count) * geometry.rowHeight, scrollToIndex };
}

// @vitest-environment happy-dom
// useRowWindow over a real scroller: the rows drawn follow its scrolling and its height, a scroll
// within a row draws nothing again, and scrollToIndex moves the scroller as little as needed.
import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useRowWindow } from '../../../src/renderer/src/hooks/useRowWindow';
import type { RowGeometry } from '../../../src/renderer/src/logic/rowWindow';

const GEOMETRY: RowGeometry = { rowHeight: 60, headerHeight: 40, overscan: 2 };
let height = 600;

interface Seen {
  renders: number;
  first: number;
  last: number;
  totalHeight: number;
  scrollToIndex: (index: number) => void;
  el: HTMLDivElement | null;
}

function mount(count: number): { seen: Seen; setCount: (count: number) => void } {
  const seen: Seen = { renders: 0, first: -1, last: -1, totalHeight: -1, scrollToIndex: () => undefined, el: null };
  function List({ count }: { count: number }) {
    const ref = useRef<HTMLDivElement>(null);
    const rows = useRowWindow(ref, count, GEOMETRY);
    seen.renders += 1;
    Object.assign(seen, { first: rows.first, last: rows.last, totalHeight: rows.totalHeight, scrollToIndex: rows.scrollToIndex });
    return (
      <div
        ref={(el) => {
          ref.current = el;
          seen.el = el;
          if (el) Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => height });
        }}
      />
    );
  }
  const view = render(<List count={count} />);
  return { seen, setCount: (next) => view.rerender(<List count={next} />) };
}

function scrollTo(el: HTMLElement, top: number): void {
  act(() => {
    el.scrollTop = top;
    el.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  cleanup();
  height = 600;
});

describe('useRowWindow', () => {
  it('draws the rows of the viewport and follows the scroll, drawing again only when they change', () => {
    const { seen } = mount(100_000);
    expect(seen).toMatchObject({ first: 0, last: 11, totalHeight: 6_000_000 });
    const el = seen.el!;
    scrollTo(el, 6_000);
    expect(seen).toMatchObject({ first: 97, last: 111 });
    const renders = seen.renders;
    scrollTo(el, 6_030);
    expect(seen.renders).toBe(renders);
    scrollTo(el, 6_040);
    expect(seen).toMatchObject({ first: 98, last: 111 });
    expect(seen.renders).toBe(renders + 1);
  });

  it('follows the count without a scroll: fewer listings, fewer rows', () => {
    const { seen, setCount } = mount(100_000);
    setCount(4);
    expect(seen).toMatchObject({ first: 0, last: 3, totalHeight: 240 });
    setCount(0);
    expect(seen.last).toBeLessThan(seen.first);
  });

  it('scrolls as little as needed to show a row whole', () => {
    const { seen } = mount(100_000);
    const el = seen.el!;
    scrollTo(el, 6_000);
    act(() => seen.scrollToIndex(105));
    expect(el.scrollTop).toBe(6_000);
    act(() => seen.scrollToIndex(109));
    expect(el.scrollTop).toBe(6_040);
    act(() => seen.scrollToIndex(3));
    expect(el.scrollTop).toBe(180);
  });
});

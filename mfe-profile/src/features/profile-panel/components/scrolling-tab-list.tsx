// The tab list on a narrow panel: it scrolls sideways, its edges fade where more tabs hide, and a
// button on each such edge moves it by PROFILE_TAB_SCROLL_STEP_PX (spec section 9: 200 px). The
// buttons are a pointer convenience; from the keyboard the arrow keys move along the tabs.
import { PROFILE_TAB_SCROLL_STEP_PX } from '@community/domain';
import { icons, Tabs } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

const fade = css({
  position: 'absolute',
  top: '0',
  bottom: '1px',
  w: '12',
  display: 'flex',
  alignItems: 'center',
  pointerEvents: 'none',
  zIndex: '1',
});
const fadeStart = css({
  left: '0',
  justifyContent: 'flex-start',
  bgGradient: 'to-r',
  gradientFrom: 'bg.default',
  gradientVia: 'bg.default/80',
  gradientTo: 'transparent',
});
const fadeEnd = css({
  right: '0',
  justifyContent: 'flex-end',
  bgGradient: 'to-l',
  gradientFrom: 'bg.default',
  gradientVia: 'bg.default/80',
  gradientTo: 'transparent',
});
const scrollButton = css({
  pointerEvents: 'auto',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '7',
  h: '7',
  borderRadius: 'full',
  bg: 'bg.default',
  borderWidth: '1px',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { color: 'fg.default', bg: 'bg.subtle' },
  '& svg': { w: '4', h: '4' },
});

type Edges = { start: boolean; end: boolean };

/** Which ends of a horizontally scrolling element hide content (1 px slack for fractional widths). */
export function hiddenEdges(element: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>): Edges {
  const max = element.scrollWidth - element.clientWidth;
  return { start: element.scrollLeft > 1, end: element.scrollLeft < max - 1 };
}

export function ScrollingTabList({ children }: { children: ReactNode }) {
  const listRef = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>({ start: false, end: false });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const next = hiddenEdges(list);
    setEdges((current) => (current.start === next.start && current.end === next.end ? current : next));
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [measure]);

  const scrollBy = (direction: -1 | 1) =>
    listRef.current?.scrollBy({ left: direction * PROFILE_TAB_SCROLL_STEP_PX, behavior: 'smooth' });

  return (
    <div className={css({ position: 'relative' })}>
      {edges.start ? (
        <div className={cx(fade, fadeStart)} data-testid="tabs-fade-start">
          <button
            type="button"
            tabIndex={-1}
            aria-label="Scroll tabs left"
            className={scrollButton}
            onClick={() => scrollBy(-1)}
          >
            <icons.ChevronLeft aria-hidden="true" />
          </button>
        </div>
      ) : null}
      <Tabs.List ref={listRef}>{children}</Tabs.List>
      {edges.end ? (
        <div className={cx(fade, fadeEnd)} data-testid="tabs-fade-end">
          <button
            type="button"
            tabIndex={-1}
            aria-label="Scroll tabs right"
            className={scrollButton}
            onClick={() => scrollBy(1)}
          >
            <icons.ChevronRight aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </div>
  );
}

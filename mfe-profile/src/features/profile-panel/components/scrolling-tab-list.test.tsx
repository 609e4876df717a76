import { PROFILE_TAB_SCROLL_STEP_PX } from '@community/domain';
import { Tabs } from '@community/ui';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hiddenEdges, ScrollingTabList } from './scrolling-tab-list.tsx';

afterEach(cleanup);

function renderTabs() {
  render(
    <Tabs.Root defaultValue="about">
      <ScrollingTabList>
        {['about', 'activity', 'events', 'spaces', 'media'].map((value) => (
          <Tabs.Trigger key={value} value={value}>
            {value}
          </Tabs.Trigger>
        ))}
      </ScrollingTabList>
    </Tabs.Root>,
  );
  const list = screen.getByRole('tablist');
  const scrollBy = vi.fn();
  list.scrollBy = scrollBy as typeof list.scrollBy;
  /** Lays the list out as a browser would (happy-dom has no layout), then tells it it scrolled. */
  const layOut = (scrollLeft: number, scrollWidth = 600, clientWidth = 300) => {
    Object.defineProperty(list, 'scrollWidth', { value: scrollWidth, configurable: true });
    Object.defineProperty(list, 'clientWidth', { value: clientWidth, configurable: true });
    list.scrollLeft = scrollLeft;
    fireEvent.scroll(list);
  };
  return { list, scrollBy, layOut };
}

describe('profile tab list', () => {
  it('shows no fades or buttons when every tab fits', () => {
    const { layOut } = renderTabs();
    layOut(0, 300, 300);
    expect(screen.queryByRole('button', { name: 'Scroll tabs left' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Scroll tabs right' })).toBeNull();
  });

  it('fades the edges where tabs hide and moves the list by 200 px per click', () => {
    expect(PROFILE_TAB_SCROLL_STEP_PX).toBe(200);
    const { scrollBy, layOut } = renderTabs();

    layOut(0);
    expect(screen.getByTestId('tabs-fade-end')).toBeTruthy();
    expect(screen.queryByTestId('tabs-fade-start')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Scroll tabs right' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 200, behavior: 'smooth' });

    layOut(150);
    expect(screen.getByTestId('tabs-fade-start')).toBeTruthy();
    expect(screen.getByTestId('tabs-fade-end')).toBeTruthy();

    layOut(300);
    expect(screen.queryByTestId('tabs-fade-end')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Scroll tabs left' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -200, behavior: 'smooth' });
  });

  it('measures hidden edges with a pixel of slack for fractional widths', () => {
    expect(hiddenEdges({ scrollLeft: 0.5, scrollWidth: 400.5, clientWidth: 400 })).toEqual({
      start: false,
      end: false,
    });
    expect(hiddenEdges({ scrollLeft: 10, scrollWidth: 500, clientWidth: 400 })).toEqual({
      start: true,
      end: true,
    });
  });
});

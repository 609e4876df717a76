import { useSyncExternalStore } from 'react';

/**
 * Whether the media query matches now, following its changes (a resized or rotated window). Without
 * `matchMedia` it answers true: the wide layout.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? true,
  );
}

/** Panda's `md` breakpoint (48rem): from here on the desktop layout (top bar navigation, sidebar). */
export const DESKTOP_QUERY = '(min-width: 48rem)';

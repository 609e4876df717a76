// Whether a media query matches, following its changes (a resized or rotated window). The shell has
// the same hook; the UI kit does not export one yet (a new export of the federation singleton is a
// version bump of @community/ui, docs/decisions/0017-front-end-weight.md "Version skew").
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    // Without matchMedia (jsdom), the desktop layout.
    () => window.matchMedia?.(query).matches ?? true,
  );
}

/** Panda's `md` breakpoint (48rem): the shell's desktop layout starts here. */
export const DESKTOP_QUERY = '(min-width: 48rem)';

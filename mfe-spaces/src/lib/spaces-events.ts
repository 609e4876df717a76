// "The spaces changed" (created, edited, deleted, left, joined), told across this micro-frontend's
// exposed modules (the sidebar list, the space page, the dialogs) through one window event, so each
// reloads what it shows without sharing state between separately loaded modules.
import { useEffect, useRef } from 'react';

const SPACES_CHANGED = 'community:spaces-changed';

export type SpacesChange = { spaceId?: string | undefined };

export function notifySpacesChanged(change: SpacesChange = {}): void {
  window.dispatchEvent(new CustomEvent<SpacesChange>(SPACES_CHANGED, { detail: change }));
}

/** Calls `listener` whenever the spaces change, for as long as the component is mounted. */
export function useSpacesChanged(listener: (change: SpacesChange) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const handle = (event: Event) => latest.current((event as CustomEvent<SpacesChange>).detail ?? {});
    window.addEventListener(SPACES_CHANGED, handle);
    return () => window.removeEventListener(SPACES_CHANGED, handle);
  }, []);
}

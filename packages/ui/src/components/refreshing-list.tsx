import { css } from '@community/ui/styled-system/css';
import type { ReactNode } from 'react';

/**
 * A list's rows and its "Load more" while the next search loads (useCursorList's `keepWhileSearching`):
 * dimmed and marked busy, still there and still under the pointer.
 */
export function RefreshingList({ refreshing, children }: { refreshing: boolean; children: ReactNode }) {
  return (
    <div
      aria-busy={refreshing}
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '4',
        opacity: refreshing ? 0.6 : 1,
        transition: 'opacity 0.15s',
      })}
    >
      {children}
    </div>
  );
}

import { startScrollRestoration } from '@community/ui';
import { useEffect } from 'react';

/** Back/forward restore the window's scroll position (packages/ui scroll-restoration.ts), page-wide. */
export function useScrollRestoration() {
  useEffect(() => startScrollRestoration(), []);
}

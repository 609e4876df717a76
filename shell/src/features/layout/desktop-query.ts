/** Panda's `md` breakpoint (48rem): from here on the desktop layout with its sidebar. */
export const DESKTOP_QUERY = '(min-width: 48rem)';

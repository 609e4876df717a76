// The main navigation of the signed-in layout: Home (the community wall, with the `livewall` feature),
// Events, and Members (the directory, with the `community` feature: the API refuses it otherwise).
// The current page's link is marked for assistive technology and styled.
import { css } from '@community/ui/styled-system/css';
import { Link, useLocation } from 'wouter';
import { HOME_PATH, hasLivewall, WALL_PATH } from '../../../routing/redirect-rules.ts';

type Features = Parameters<typeof hasLivewall>[0];

export const MEMBERS_PATH = '/members';

/** Whether the member has the members directory (feature `community`). */
export const hasCommunity = (user: Features): boolean =>
  Boolean(user?.features?.some((entry) => entry.feature === 'community' && entry.enabled));

const linkClass = css({
  px: '3',
  py: '1.5',
  borderRadius: 'l2',
  textStyle: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  '&[aria-current=page]': { color: 'fg.default', bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
});

export function MainNav({ user }: { user: Features }) {
  const [path] = useLocation();
  const links: [string, string][] = hasLivewall(user)
    ? [
        [WALL_PATH, 'Home'],
        [HOME_PATH, 'Events'],
      ]
    : [[HOME_PATH, 'Events']];
  if (hasCommunity(user)) links.push([MEMBERS_PATH, 'Members']);
  return (
    <nav aria-label="Main" className={css({ display: 'flex', gap: '1' })}>
      {links.map(([href, label]) => {
        const current =
          href === WALL_PATH ? path === WALL_PATH : path === href || path.startsWith(`${href}/`);
        return (
          <Link key={href} href={href} className={linkClass} aria-current={current ? 'page' : undefined}>
            {label}
          </Link>
        );
      })}
    </nav>
  );
}

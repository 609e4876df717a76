// The main navigation of the signed-in layout (docs/product-decisions.md, "Navigation"): Home, Events,
// Spaces, Messages and Members, each only with its feature switch (routing/nav-entries.ts). On desktop
// (md and up) it sits in the top bar; on a phone the same entries are a bottom tab bar with icons and
// labels. Both are named "Main"; only one is displayed at a time, so only one is in the accessibility
// tree. The current entry is marked (aria-current=page) and styled.
import { icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'wouter';
import {
  isEntryActive,
  type NavEntryKey,
  navEntriesFor,
  type WithFeatures,
} from '../../../routing/nav-entries.ts';

const ICONS: Record<NavEntryKey, ComponentType<{ 'aria-hidden'?: boolean; className?: string }>> = {
  home: icons.House,
  events: icons.CalendarDays,
  spaces: icons.LayoutGrid,
  messages: icons.MessageCircle,
  members: icons.Users,
};

const focusRing = { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' } as const;

const topLinkClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  px: '3',
  py: '1.5',
  borderRadius: 'l2',
  textStyle: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  whiteSpace: 'nowrap',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  '&[aria-current=page]': { color: 'accent.text', bg: 'accent.subtle' },
  _focusVisible: focusRing,
  '& svg': { w: '4', h: '4', flexShrink: 0 },
});

/** The desktop entries, in the top bar (hidden below md, where the bottom tab bar takes over). */
export function MainNav({ user }: { user: WithFeatures | null }) {
  const [path] = useLocation();
  return (
    <nav aria-label="Main" className={css({ display: { base: 'none', md: 'flex' }, gap: '1' })}>
      {navEntriesFor(user).map((entry) => {
        const Icon = ICONS[entry.key];
        return (
          <Link
            key={entry.key}
            href={entry.href}
            className={topLinkClass}
            aria-current={isEntryActive(entry, path) ? 'page' : undefined}
          >
            <Icon aria-hidden />
            {entry.label}
          </Link>
        );
      })}
    </nav>
  );
}

const tabClass = css({
  flex: '1',
  minW: '0',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.5',
  textStyle: 'xs',
  fontWeight: 'medium',
  color: 'fg.muted',
  borderRadius: 'l2',
  '&[aria-current=page]': { color: 'accent.text', fontWeight: 'semibold' },
  '&[aria-current=page] svg': { strokeWidth: '2.5' },
  _focusVisible: { ...focusRing, outlineOffset: '-2px' },
  '& svg': { w: '5', h: '5' },
});

/** The phone's entries: a tab bar fixed to the bottom of the screen (hidden from md up). */
export function BottomTabBar({ user }: { user: WithFeatures | null }) {
  const [path] = useLocation();
  const entries = navEntriesFor(user);
  if (entries.length === 0) return null;
  return (
    <nav
      aria-label="Main"
      className={css({
        display: { base: 'flex', md: 'none' },
        position: 'fixed',
        insetX: '0',
        bottom: '0',
        zIndex: 'sticky',
        // 4rem tall (the layout pads the page by as much, so the bar covers nothing), plus the
        // phone's home-indicator area. Literal: Panda extracts styles statically.
        h: 'calc(4rem + env(safe-area-inset-bottom))',
        pb: 'env(safe-area-inset-bottom)',
        px: '1',
        bg: 'bg.default',
        borderTopWidth: '1px',
      })}
      // index.css gives its height to what else is fixed at the screen's bottom (the UI kit's toasts).
      data-bottom-tab-bar=""
    >
      {entries.map((entry) => {
        const Icon = ICONS[entry.key];
        return (
          <Link
            key={entry.key}
            href={entry.href}
            className={tabClass}
            aria-current={isEntryActive(entry, path) ? 'page' : undefined}
          >
            <Icon aria-hidden />
            <span className={css({ maxW: 'full', truncate: true })}>{entry.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}

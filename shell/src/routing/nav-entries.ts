// The main navigation's entries (docs/product-decisions.md, "Navigation"): one list for the desktop top
// bar and the phone's bottom tab bar, each entry shown only when the member has its feature switch
// (docs/features.md). The same list decides where home is without the community wall, and which
// feature a page belongs to (a page whose feature is switched off sends the member home).
import { type FeatureKey, hasFeature } from '@community/domain';

export type NavEntryKey = 'home' | 'events' | 'spaces' | 'messages' | 'members';

export type NavEntry = { key: NavEntryKey; label: string; href: string; feature: FeatureKey };

/** Home is the community wall at `/`; the others are their index pages. In this order on screen. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { key: 'home', label: 'Home', href: '/', feature: 'livewall' },
  { key: 'events', label: 'Events', href: '/events', feature: 'events' },
  { key: 'spaces', label: 'Spaces', href: '/spaces', feature: 'spaces' },
  { key: 'messages', label: 'Messages', href: '/messages', feature: 'messages' },
  { key: 'members', label: 'Members', href: '/members', feature: 'community' },
];

/** The feature switches as the session holds them (a read-only snapshot is fine). */
export type WithFeatures = { features?: readonly { feature: string; enabled: boolean }[] | undefined };

/** The entries this member sees, in order. */
export const navEntriesFor = (user: WithFeatures | null | undefined): NavEntry[] =>
  NAV_ENTRIES.filter((entry) => hasFeature(user, entry.feature));

/**
 * The pages under each entry beyond its index page: an event's page under Events, a space (and its
 * invitation link) under Spaces, a direct conversation under Messages.
 */
const SECTION_PREFIXES: Record<NavEntryKey, readonly string[]> = {
  home: [],
  events: ['/events/'],
  spaces: ['/spaces/'],
  messages: ['/community/conversations/'],
  members: ['/members/'],
};

/** The entry a path belongs to, if any (`/` only for Home itself). */
export function navEntryOfPath(path: string): NavEntry | null {
  const clean = path.split(/[?#]/)[0] ?? path;
  for (const entry of NAV_ENTRIES) {
    if (clean === entry.href || (entry.href !== '/' && clean === `${entry.href}/`)) return entry;
    if (SECTION_PREFIXES[entry.key].some((prefix) => clean.startsWith(prefix))) return entry;
  }
  return null;
}

/** Whether the entry is the one the member stands in (marked aria-current=page). */
export const isEntryActive = (entry: NavEntry, path: string): boolean =>
  navEntryOfPath(path)?.key === entry.key;

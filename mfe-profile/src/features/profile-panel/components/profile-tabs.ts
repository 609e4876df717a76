// The panel's tab lives in the query parameter profile_popover_tab (spec section 2): a reload or a
// shared link opens the panel on the same tab. Anything else in the parameter means About.
import { hasFeature } from '@community/domain';

export const PROFILE_TAB_PARAM = 'profile_popover_tab';
export const PROFILE_TABS = ['about', 'activity', 'events', 'spaces', 'media'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const PROFILE_TAB_LABELS: Record<ProfileTab, string> = {
  about: 'About',
  activity: 'Activity',
  events: 'Events',
  spaces: 'Spaces',
  media: 'Media',
};

/** The tabs the viewer sees: Events only with their `events` feature (the API refuses it otherwise). */
export function profileTabsFor(viewer: Parameters<typeof hasFeature>[0]): readonly ProfileTab[] {
  return hasFeature(viewer, 'events') ? PROFILE_TABS : PROFILE_TABS.filter((tab) => tab !== 'events');
}

export function profileTabFrom(value: string | null): ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(value ?? '') ? (value as ProfileTab) : 'about';
}

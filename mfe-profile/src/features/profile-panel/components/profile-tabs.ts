// The panel's tab lives in the query parameter profile_popover_tab (spec section 2): a reload or a
// shared link opens the panel on the same tab. Anything else in the parameter means About.
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

export function profileTabFrom(value: string | null): ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(value ?? '') ? (value as ProfileTab) : 'about';
}

// The panel's tab lives in the query parameter profile_popover_tab (spec section 2). Only "about" is
// built so far; activity, events, spaces and media come with the profile issue.
export const PROFILE_TAB_PARAM = 'profile_popover_tab';
export const PROFILE_TABS = ['about'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export function profileTabFrom(value: string | null): ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(value ?? '') ? (value as ProfileTab) : 'about';
}

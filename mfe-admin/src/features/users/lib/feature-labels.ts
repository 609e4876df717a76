// How the eight feature keys (spec section 3) read in the forms and the Features dialog.
import type { FeatureKey } from '@community/domain';

export const FEATURE_LABELS: Record<FeatureKey, string> = {
  livewall: 'Livewall',
  posts: 'Posts',
  community: 'Community',
  messages: 'Messages',
  events: 'Events',
  content: 'Content',
  spaces: 'Spaces',
  livestream: 'Livestream',
};

/** Assignable roles as the spec names them (section 6: "Admin, Host, User"). */
export const ROLE_OPTIONS = [
  { value: 'ADMIN', label: 'Admin' },
  { value: 'HOST', label: 'Host' },
  { value: 'USER', label: 'User' },
] as const;

// Where the shell sends a visitor, from the session and the path alone (spec section 2 and 4):
// not signed in → /auth/login (an invitation link, /auth/accept-invite, stays open to them); signed in
// without city, job or company → /auth/complete-profile, prefilled with what they have; the auth pages
// are left once they no longer apply. Home is the community wall (`/`) with the `livewall` feature and
// the events page without it.
import type { SessionStatus } from '@community/api-client';
import type { User } from '@community/domain';

/** Home without the `livewall` feature: the events page, as before the community wall. */
export const HOME_PATH = '/events';
/** Home with `livewall`: the community wall. */
export const WALL_PATH = '/';
export const LOGIN_PATH = '/auth/login';
export const SIGN_OUT_PATH = '/auth/sign-out';
export const COMPLETE_PROFILE_PATH = '/auth/complete-profile';
export const ACCEPT_INVITE_PATH = '/auth/accept-invite';

/** Pages for visitors who are not signed in. */
const SIGNED_OUT_PATHS = [LOGIN_PATH, ACCEPT_INVITE_PATH];

/** The feature switches as the session holds them (a read-only snapshot is fine). */
type Features = { features?: readonly Readonly<User['features'][number]>[] | undefined };

type ProfileFields = Pick<User, 'job' | 'company' | 'address'> & Features;

/** Whether the member has the community wall (feature `livewall`). */
export const hasLivewall = (user: Features | null): boolean =>
  Boolean(user?.features?.some((entry) => entry.feature === 'livewall' && entry.enabled));

/** Where "home" is for this member: the community wall with `livewall`, else the events page. */
export const homePathFor = (user: Features | null): string => (hasLivewall(user) ? WALL_PATH : HOME_PATH);

const filled = (value: string | null | undefined): value is string => Boolean(value?.trim());

export function isProfileComplete(user: ProfileFields): boolean {
  return filled(user.address?.city) && filled(user.job) && filled(user.company);
}

export function completeProfilePath(user: ProfileFields): string {
  const query = new URLSearchParams({
    city: user.address?.city?.trim() ?? '',
    job: user.job?.trim() ?? '',
    company: user.company?.trim() ?? '',
  });
  return `${COMPLETE_PROFILE_PATH}?${query}`;
}

/** The path to replace the current one with, or null to stay. Undecided while the session loads. */
export function redirectFor(
  session: { status: SessionStatus; user: ProfileFields | null },
  path: string,
): string | null {
  if (session.status === 'loading') return null;
  // Signing out works from any state and ends on the login page by itself.
  if (path === SIGN_OUT_PATH) return null;

  if (session.status === 'signed-out' || !session.user) {
    return SIGNED_OUT_PATHS.includes(path) ? null : LOGIN_PATH;
  }

  const user = session.user;
  if (!isProfileComplete(user)) {
    return path === COMPLETE_PROFILE_PATH ? null : completeProfilePath(user);
  }
  const home = homePathFor(user);
  if (SIGNED_OUT_PATHS.includes(path) || path === COMPLETE_PROFILE_PATH) return home;
  // `/` is the community wall for members with `livewall`; for the others home stays the events page.
  if (path === WALL_PATH && home !== WALL_PATH) return home;
  return null;
}

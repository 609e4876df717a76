// Where the shell sends a visitor, from the session and the address alone (spec section 2 and 4):
// not signed in → /auth/login, with `?next=` the page they asked for (an invitation link,
// /auth/accept-invite, stays open to them); once signed in there, on to that page (domain's
// next-path.ts: only a path of this origin, outside /auth) or else home. Signing out ends on a bare
// /auth/login. Signed in without city, job or company → /auth/complete-profile, prefilled with what
// they have and keeping the `next` to go on to once it is saved; the auth pages
// are left once they no longer apply. Home is the community wall (`/`) with the `livewall` feature;
// without it, the first of Events, Spaces, Messages, Members the member has; with none of them `/`
// stays and says that nothing is switched on yet. A page whose feature is off sends the member home
// (also the moment an admin switches it off while they stand on it: the session's features change).
import type { SessionStatus } from '@community/api-client';
import { hasFeature, NEXT_PARAM, nextPathOf, safeNextPath, type User } from '@community/domain';
import { navEntriesFor, navEntryOfPath } from './nav-entries.ts';

/** Home with `livewall`: the community wall; with no feature at all, the "nothing switched on" page. */
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
export const hasLivewall = (user: Features | null): boolean => hasFeature(user, 'livewall');

/**
 * Where "home" is for this member: the community wall with `livewall`, else the first navigation entry
 * they have (Events, Spaces, Messages, Members), else `/` (which then says nothing is switched on).
 */
export const homePathFor = (user: Features | null): string => navEntriesFor(user)[0]?.href ?? WALL_PATH;

/** Whether the path belongs to a navigation entry whose feature this member does not have. */
export const isSwitchedOffFor = (user: Features | null, path: string): boolean => {
  const entry = navEntryOfPath(path);
  return entry !== null && entry.href !== WALL_PATH && !hasFeature(user, entry.feature);
};

const filled = (value: string | null | undefined): value is string => Boolean(value?.trim());

export function isProfileComplete(user: ProfileFields): boolean {
  return filled(user.address?.city) && filled(user.job) && filled(user.company);
}

/** The complete-profile page, prefilled; with `next`, the page to go on to once it is saved. */
export function completeProfilePath(user: ProfileFields, next: string | null = null): string {
  const query = new URLSearchParams({
    city: user.address?.city?.trim() ?? '',
    job: user.job?.trim() ?? '',
    company: user.company?.trim() ?? '',
  });
  if (next && next !== WALL_PATH) query.set(NEXT_PARAM, next);
  return `${COMPLETE_PROFILE_PATH}?${query}`;
}

/**
 * The login page for a visitor who asked for `path` (and `search`, with or without its `?`): with
 * `?next=` that page, so signing in returns there; bare for Home and for what is not safe to return to.
 */
export function loginPathFor(path: string, search = ''): string {
  const query = search.replace(/^\?/, '');
  const next = safeNextPath(query ? `${path}?${query}` : path);
  if (!next || next === WALL_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ [NEXT_PARAM]: next })}`;
}

/**
 * Where a member who just signed in on /auth/login goes: the page in its `next` when it is safe
 * and open to them, else home.
 */
function afterSignIn(user: Features, search: string, home: string): string {
  const next = nextPathOf(search);
  if (!next) return home;
  const nextPath = next.split(/[?#]/, 1)[0] ?? next;
  return nextPath === WALL_PATH || isSwitchedOffFor(user, nextPath) ? home : next;
}

/**
 * The address to replace the current one with, or null to stay. Undecided while the session loads.
 * `search` is the query string (with or without its `?`): the login page's `next` is read from it.
 */
export function redirectFor(
  session: { status: SessionStatus; user: ProfileFields | null },
  path: string,
  search = '',
): string | null {
  if (session.status === 'loading') return null;
  // Signing out works from any state and ends on the login page by itself.
  if (path === SIGN_OUT_PATH) return null;

  if (session.status === 'signed-out' || !session.user) {
    return SIGNED_OUT_PATHS.includes(path) ? null : loginPathFor(path, search);
  }

  const user = session.user;
  // A first sign-in completes the profile first, keeping where the member was going: the login's
  // `next`, or the page they opened; that page (mfe-profile) goes there once it is saved.
  if (!isProfileComplete(user)) {
    if (path === COMPLETE_PROFILE_PATH) return null;
    const query = search.replace(/^\?/, '');
    const next = path === LOGIN_PATH ? nextPathOf(search) : safeNextPath(query ? `${path}?${query}` : path);
    return completeProfilePath(user, next);
  }
  const home = homePathFor(user);
  if (path === LOGIN_PATH) return afterSignIn(user, search, home);
  if (SIGNED_OUT_PATHS.includes(path) || path === COMPLETE_PROFILE_PATH) return home;
  // `/` is the community wall for members with `livewall`; the others go on to their first entry.
  if (path === WALL_PATH && home !== WALL_PATH) return home;
  if (isSwitchedOffFor(user, path)) return home;
  return null;
}

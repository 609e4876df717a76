// Who is signed in, as one page-wide valtio store shared by the shell and every micro-frontend.
// `status` starts at 'loading' until the first `loadSession()` answers.
//
// While the server is away (docs/product-decisions.md, "Faults") the session probe answers who was
// signed in last in this tab, so a reload during an outage shows the member's last-seen screens
// instead of the sign-in page. That answer is kept here, without any token, under ME_PATH in the API
// client's stale reads, which belong to the signed-in user: another user's sign-in and any sign-out
// forget them.
import { FEATURE_KEYS, type FeatureKey, type User } from '@community/domain';
import { proxy, subscribe } from 'valtio/vanilla';
import { type ApiClient, isServerAway } from './api-client.ts';
import { ApiError } from './api-error.ts';

export const ME_PATH = '/api/auth/me';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';
export type SessionState = { user: User | null; status: SessionStatus };

type AuthAnswer = { user: User; accessToken?: string };

const isFeatureKey = (value: string): value is FeatureKey =>
  (FEATURE_KEYS as readonly string[]).includes(value);

export function createSession(api: ApiClient) {
  const state = proxy<SessionState>({ user: null, status: 'loading' });
  const staleReads = api.staleReads;

  function rememberUser() {
    if (state.status === 'signed-in' && state.user)
      staleReads?.remember(ME_PATH, JSON.stringify({ user: state.user }), { pinned: true });
  }
  // Also when a micro-frontend updates the user in place (an edited profile): the kept answer follows.
  if (staleReads) subscribe(state, rememberUser);

  function setUser(user: User) {
    // Before anything of this user is kept: another user's answers must not be served to them.
    staleReads?.claim(user.id);
    state.user = user;
    state.status = 'signed-in';
    rememberUser();
  }

  function markSignedOut() {
    staleReads?.clear();
    state.user = null;
    state.status = 'signed-out';
  }

  /** Who was signed in last in this tab, kept from an earlier answer; null when nobody is kept. */
  function keptUser(): User | null {
    const kept = staleReads?.recall(ME_PATH);
    if (!kept) return null;
    try {
      return (JSON.parse(kept) as AuthAnswer).user ?? null;
    } catch {
      return null;
    }
  }

  /**
   * Asks the server who we are (refreshing an expired access token on the way). "Not signed in" and a
   * user missing from the database both end as signed-out. When the server is away (network, 502,
   * 503, 504) the user kept from this tab's last answer is signed in again; without one, and for
   * other failures, the error is thrown so the caller can retry.
   */
  async function loadSession(): Promise<User | null> {
    try {
      const { user } = await api.get<AuthAnswer>(ME_PATH, { reportSessionLost: false });
      setUser(user);
      return user;
    } catch (error) {
      if (error instanceof ApiError && [401, 403, 404].includes(error.status)) {
        markSignedOut();
        return null;
      }
      const kept = error instanceof ApiError && isServerAway(error.status) ? keptUser() : null;
      if (kept) {
        setUser(kept);
        return kept;
      }
      throw error;
    }
  }

  /** Throws the server's ApiError as is (401 "Invalid email or password", 429 too many attempts). */
  async function signIn(email: string, password: string): Promise<User> {
    const { user } = await api.post<AuthAnswer>('/api/auth/login', { email, password });
    setUser(user);
    return user;
  }

  /**
   * The member's feature switches changed (the user room's `features.changed`): the navigation and
   * every micro-frontend reading `session.user.features` re-render without a reload. Only known
   * switches are kept.
   */
  function setFeatures(features: readonly { feature: string; enabled: boolean }[]) {
    if (!state.user) return;
    state.user.features = features
      .filter((entry): entry is User['features'][number] => isFeatureKey(entry.feature))
      .map(({ feature, enabled }) => ({ feature, enabled }));
  }

  /** Ends the session on the server; the local state is signed-out even if that call fails. */
  async function signOut(): Promise<void> {
    try {
      await api.post('/api/auth/sign-out');
    } catch {
      // The cookies may already be gone (expired or revoked session): nothing left to end.
    } finally {
      markSignedOut();
    }
  }

  return { state, loadSession, signIn, signOut, setUser, markSignedOut, setFeatures };
}

export type Session = ReturnType<typeof createSession>;

// Who is signed in, as one page-wide valtio store shared by the shell and every micro-frontend.
// `status` starts at 'loading' until the first `loadSession()` answers.
import type { User } from '@community/domain';
import { proxy } from 'valtio/vanilla';
import type { ApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';
export type SessionState = { user: User | null; status: SessionStatus };

type AuthAnswer = { user: User; accessToken?: string };

export function createSession(api: ApiClient) {
  const state = proxy<SessionState>({ user: null, status: 'loading' });

  function setUser(user: User) {
    state.user = user;
    state.status = 'signed-in';
  }

  function markSignedOut() {
    state.user = null;
    state.status = 'signed-out';
  }

  /**
   * Asks the server who we are (refreshing an expired access token on the way). "Not signed in" and a
   * user missing from the database both end as signed-out; other failures (server unreachable) are
   * thrown so the caller can offer a retry.
   */
  async function loadSession(): Promise<User | null> {
    try {
      const { user } = await api.get<AuthAnswer>('/api/auth/me', { reportSessionLost: false });
      setUser(user);
      return user;
    } catch (error) {
      if (error instanceof ApiError && [401, 403, 404].includes(error.status)) {
        markSignedOut();
        return null;
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

  return { state, loadSession, signIn, signOut, setUser, markSignedOut };
}

export type Session = ReturnType<typeof createSession>;

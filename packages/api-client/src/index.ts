// @community/api-client: the typed fetch wrapper for the community API and the session store.
// Shared as a module federation singleton, so `api`, `session` and its handlers are one per page.

import { subscribe } from 'valtio/vanilla';
import { createApiClient } from './api-client.ts';
import { createCitySearch } from './cities.ts';
import { claimSingleton } from './claim-singleton.ts';
import { reportApiReachable } from './connectivity.ts';
import { createOutbox } from './outbox.ts';
import { createPostsRooms } from './posts-rooms.ts';
import { resetPresence } from './presence.ts';
import { createSession } from './session.ts';
import { SOCKET_TYPES, setSocketConnected } from './socket-status.ts';
import { createUploader } from './upload.ts';

claimSingleton('@community/api-client');

export {
  type ApiClient,
  type ApiClientOptions,
  createApiClient,
  type HttpMethod,
  isServerAway,
  type QueryValue,
  type RequestOptions,
  withQuery,
} from './api-client.ts';
export {
  ApiError,
  type ApiIssue,
  isApiError,
  isNoLongerAdmitted,
  isPassingFailure,
  referenceOf,
} from './api-error.ts';
export {
  type ConnectivityState,
  connectivity,
  onApiBack,
  reportApiReachable,
  reportApiUnreachable,
} from './connectivity.ts';
export { createSession, type Session, type SessionState, type SessionStatus } from './session.ts';
export { createStaleReads, mayServeStale, type StaleReads } from './stale-reads.ts';

/** The page's API client; the shell sets its session-lost handler. */
export const api = createApiClient();

const defaultSession = createSession(api);

/** POST /api/uploads/{bucket} with progress (XMLHttpRequest), refreshing an expired session once. */
export const uploadFile = createUploader(() => api.refreshSession());
export type { UploadBucket, UploadedFile } from './upload.ts';

/** GET /api/cities?search= : the city list's places starting with `term` (none for a blank term). */
export const searchCities = createCitySearch(api);

/** A single-use ticket for one connect to a realtime room (`POST /api/realtime/ticket`, docs/api.md). */
export async function requestRealtimeTicket(party: string, room: string): Promise<string> {
  return (await api.post<{ ticket: string }>('/api/realtime/ticket', { party, room })).ticket;
}

/** The page's posts room sockets, one per space (posts-rooms.ts): walls and event pages listen there. */
export const { listenToPostsRoom, isPostsRoomConnected, setRoomConnector } =
  createPostsRooms(requestRealtimeTicket);
export type { PostsRoomListener, RoomConnector } from './posts-rooms.ts';

/** `{ user, status }`; read it in React with `useSnapshot(session)`. */
export const session = defaultSession.state;
export const { loadSession, signIn, markSignedOut, setFeatures } = defaultSession;

/** The composers' unsent items (outbox.ts), the signed-in member's only. */
export const outbox = createOutbox();
const followSession = () => {
  if (session.status === 'signed-in' && session.user) outbox.setUser(session.user.id);
  else if (session.status === 'signed-out') outbox.setUser(null);
};
subscribe(session, followSession, true);
followSession();

/** Ends the session; the member's unsent items are deleted with it (a lapsed session keeps them). */
export async function signOut(): Promise<void> {
  const userId = session.user?.id;
  await defaultSession.signOut();
  if (userId) outbox.clearUser(userId);
}
/**
 * Puts this page's client state back as a fresh page has it: no session, no unsent items, the API
 * reachable, no kept answers, no presence, no socket connected. Unit tests share one page between
 * test files (vitest `isolate: false`); the apps' shared test setup calls this after each file.
 */
export function resetClientState(): void {
  session.user = null;
  session.status = 'loading';
  outbox.reset();
  api.stopReachabilityProbe();
  reportApiReachable();
  api.staleReads?.clear();
  resetPresence();
  for (const type of SOCKET_TYPES) setSocketConnected(type, false);
}
export {
  createOutbox,
  OUTBOX_BACKOFF_MAX_MS,
  type Outbox,
  type OutboxItem,
  type OutboxKind,
  type OutboxResult,
  type OutboxSender,
  outboxBackoff,
  SEND_OPTIONS,
  SEND_TIMEOUT_MS,
} from './outbox.ts';
export {
  applyPresenceChange,
  applyPresenceSnapshot,
  type MemberPresence,
  type PresenceState,
  presence,
  presenceLabel,
  presenceOf,
  relativeTime,
  resetPresence,
  usePresence,
} from './presence.ts';
export {
  SOCKET_TYPES,
  type SocketStatus,
  type SocketType,
  setSocketConnected,
  socketStatus,
} from './socket-status.ts';
export { emitUserRoomEvent, onUserRoomEvent, type UserRoomEvent } from './user-room-events.ts';

// Who is online, for the online dots on avatars. One page-wide valtio store (the API client is a
// federation singleton, so every micro-frontend reads the same one), fed by the shell's socket to the
// presence room: `presence.snapshot` on every (re)connect replaces the online set, `presence.changed`
// updates one member. Until the socket has said anything, a member's state comes from the API payload
// that showed them (`lastOfflineAt`: null = online), so a dot is right before the socket connects.
import { useSnapshot } from 'valtio';
import { proxy } from 'valtio/vanilla';

export type PresenceState = {
  /** True once a snapshot arrived: from then on the online set is the live truth. */
  live: boolean;
  /** Members online now (a record rather than a Set, so valtio tracks each member apart). */
  online: Record<string, true>;
  /** When a member went offline, from `presence.changed` (ISO time). */
  lastOfflineAt: Record<string, string>;
};

export const presence: PresenceState = proxy<PresenceState>({ live: false, online: {}, lastOfflineAt: {} });

/** `presence.snapshot`: everyone online now; replaces what we had (a reconnect may have missed changes). */
export function applyPresenceSnapshot(online: readonly string[]): void {
  presence.online = Object.fromEntries(online.map((id) => [id, true as const]));
  presence.live = true;
}

/** `presence.changed`: `lastOfflineAt` null = came online, else went offline at that time. */
export function applyPresenceChange(userId: string, lastOfflineAt: string | null): void {
  if (lastOfflineAt === null) {
    presence.online[userId] = true;
  } else {
    delete presence.online[userId];
    presence.lastOfflineAt[userId] = lastOfflineAt;
  }
}

/** Forgets everything (sign-out): dots fall back to the API payloads again. */
export function resetPresence(): void {
  presence.live = false;
  presence.online = {};
  presence.lastOfflineAt = {};
}

export type MemberPresence = {
  online: boolean;
  /** When they were last seen, for "last seen …"; null while online or when unknown. */
  lastSeenAt: string | null;
};

/**
 * A member's presence from the store, or from `fallbackLastOfflineAt` (the API's `lastOfflineAt`:
 * null = online, a time = offline since, undefined = not known) while the socket has said nothing.
 */
export function presenceOf(
  state: Readonly<PresenceState>,
  userId: string | null | undefined,
  fallbackLastOfflineAt?: string | null,
): MemberPresence {
  if (!userId) return { online: false, lastSeenAt: null };
  const online = state.live ? state.online[userId] === true : fallbackLastOfflineAt === null;
  if (online) return { online: true, lastSeenAt: null };
  return { online: false, lastSeenAt: state.lastOfflineAt[userId] ?? fallbackLastOfflineAt ?? null };
}

/** A member's live presence in React; re-renders only when this member's state changes. */
export function usePresence(
  userId: string | null | undefined,
  fallbackLastOfflineAt?: string | null,
): MemberPresence {
  return presenceOf(useSnapshot(presence), userId, fallbackLastOfflineAt);
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday": for "last seen …" and the notifications menu. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** "Online", or "Last seen 5 minutes ago" / "Offline" when the time is not known. */
export function presenceLabel({ online, lastSeenAt }: MemberPresence, now = Date.now()): string {
  if (online) return 'Online';
  return lastSeenAt ? `Last seen ${relativeTime(lastSeenAt, now)}` : 'Offline';
}

// Whether the shell shows its "Reconnecting…" banner (docs/product-decisions.md, "Faults"): while the
// API is unreachable (connectivity.ts: a network failure or a 503 until an answer or the readiness
// probe says it is back), while the browser is offline, or while one of the shell's own realtime
// sockets is down when it should be up.
//
// The shell's sockets (the user room → `notifications`, the presence room → `users`) are meant to be
// open whenever someone is signed in and the browser is online, so their being closed then is
// trouble; the micro-frontends' sockets (a space's chat, posts, a conversation) open and close with
// the page shown, and socketStatus cannot tell a drop from a close on purpose, so they are left out
// (they talk to the same realtime worker as the user room, which stands for them).
//
// No flicker and no false alarm: trouble must last `graceMs` before the banner shows; a socket
// counts as down only once it has been up in this page, or when its first connection has taken longer
// than `firstConnectMs` (a fresh page load is not a reconnection). The banner goes as soon as
// everything is back.
import { connectivity, type SocketType, session, socketStatus } from '@community/api-client';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useBrowserOnline } from '../presence/use-presence-reporting.ts';

/** The sockets SignedInServices keeps open while signed in and online. */
export const SHELL_SOCKETS: readonly SocketType[] = ['notifications', 'users'];
export const RECONNECTING_GRACE_MS = 1500;
export const FIRST_CONNECT_MS = 10_000;

export type ReconnectingOptions = { graceMs?: number; firstConnectMs?: number };

/** Whether the shell's sockets, expected up, have been too long without a first connection. */
function useFirstConnectOver(expected: boolean, firstConnectMs: number): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    setOver(false);
    if (!expected) return;
    const timer = setTimeout(() => setOver(true), firstConnectMs);
    return () => clearTimeout(timer);
  }, [expected, firstConnectMs]);
  return over;
}

export function useReconnecting({
  graceMs = RECONNECTING_GRACE_MS,
  firstConnectMs = FIRST_CONNECT_MS,
}: ReconnectingOptions = {}): boolean {
  const { apiReachable } = useSnapshot(connectivity);
  const sockets = useSnapshot(socketStatus);
  const { status } = useSnapshot(session);
  const browserOnline = useBrowserOnline();
  const socketsExpected = status === 'signed-in' && browserOnline;
  const firstConnectOver = useFirstConnectOver(socketsExpected, firstConnectMs);

  // Sockets seen up since they were last expected; reset when they are closed on purpose (sign-out,
  // offline), so their next first connection is not taken for a reconnection.
  const seenUp = useRef(new Set<SocketType>());
  if (!socketsExpected) seenUp.current.clear();
  for (const type of SHELL_SOCKETS) if (sockets[type]) seenUp.current.add(type);
  const socketDown =
    socketsExpected &&
    SHELL_SOCKETS.some((type) => !sockets[type] && (seenUp.current.has(type) || firstConnectOver));

  const trouble = !apiReachable || !browserOnline || socketDown;
  const [graceOver, setGraceOver] = useState(false);
  useEffect(() => {
    setGraceOver(false);
    if (!trouble) return;
    const timer = setTimeout(() => setGraceOver(true), graceMs);
    return () => clearTimeout(timer);
  }, [trouble, graceMs]);
  return trouble && graceOver;
}

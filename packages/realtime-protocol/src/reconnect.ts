// How every client socket (partysocket, in the shell and the micro-frontends) answers the server
// closing it. partysocket reconnects after any close, 3 s at first and at most 10 s apart. That suits
// a deploy or a network drop, but a policy close (1008: the client sent what the room does not
// take, docs/api.md "Frame limits") would only happen again, so such a socket waits a minute
// before it tries once more instead of knocking every few seconds.
import { CLOSE_CODES } from './messages.ts';

/** How long a socket closed for breaking a room's frame rules waits before it reconnects. */
export const POLICY_CLOSE_RETRY_MS = 60_000;

type CloseListener = (event: { code: number }) => void;

/** The part of partysocket this needs (the protocol package does not depend on partysocket). */
export type ReconnectingSocket = {
  reconnect(): void;
  addEventListener(type: 'close', listener: CloseListener): void;
  removeEventListener(type: 'close', listener: CloseListener): void;
};

/** partysocket's `shouldReconnectOnClose`: not by itself after a policy close (see retryAfterPolicyClose). */
export const reconnectsAfterClose = (event: { code: number }): boolean =>
  event.code !== CLOSE_CODES.policyViolation;

/**
 * After a policy close, reconnects the socket once `delayMs` has passed (partysocket gave up on it
 * through `reconnectsAfterClose`). Returns the function to call when closing the socket for good,
 * so a pending retry does not reopen it.
 */
export function retryAfterPolicyClose(
  socket: ReconnectingSocket,
  delayMs: number = POLICY_CLOSE_RETRY_MS,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onClose: CloseListener = (event) => {
    if (reconnectsAfterClose(event)) return;
    clearTimeout(timer);
    timer = setTimeout(() => socket.reconnect(), delayMs);
  };
  socket.addEventListener('close', onClose);
  return () => {
    clearTimeout(timer);
    socket.removeEventListener('close', onClose);
  };
}

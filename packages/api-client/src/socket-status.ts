// Whether each kind of realtime socket is connected (spec section 4: "Sockets per type … are tracked as
// connected or not"). The shell and the micro-frontends that open sockets write here; features read it,
// e.g. to poll while their socket is down.
import { proxy } from 'valtio/vanilla';

export const SOCKET_TYPES = ['posts', 'spaces', 'notifications', 'rooms', 'conversations', 'users'] as const;
export type SocketType = (typeof SOCKET_TYPES)[number];

export type SocketStatus = Record<SocketType, boolean>;

export const socketStatus: SocketStatus = proxy(
  Object.fromEntries(SOCKET_TYPES.map((type) => [type, false])) as SocketStatus,
);

export function setSocketConnected(type: SocketType, connected: boolean): void {
  if (socketStatus[type] !== connected) socketStatus[type] = connected;
}

// Whether the API can be reached right now, for the shell's "Reconnecting…" banner and for anything
// that waits to send again (the composers' outbox). The API client reports every answer here: a
// network failure or a 503 marks the API unreachable; the next answer from the server marks it
// reachable again and tells the listeners, so queued work goes out at once instead of at its next
// backoff step. Sockets report through socket-status.ts.
import { proxy } from 'valtio/vanilla';

export type ConnectivityState = { apiReachable: boolean };

export const connectivity: ConnectivityState = proxy<ConnectivityState>({ apiReachable: true });

const backListeners = new Set<() => void>();

export function reportApiUnreachable(): void {
  if (connectivity.apiReachable) connectivity.apiReachable = false;
}

export function reportApiReachable(): void {
  if (connectivity.apiReachable) return;
  connectivity.apiReachable = true;
  for (const listener of [...backListeners]) listener();
}

/** Calls `listener` each time the API becomes reachable after being away; returns the unsubscribe. */
export function onApiBack(listener: () => void): () => void {
  backListeners.add(listener);
  return () => {
    backListeners.delete(listener);
  };
}

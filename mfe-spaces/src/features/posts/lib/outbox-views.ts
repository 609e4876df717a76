// What the posts views do with the page's outbox (@community/api-client, outbox.ts), for comments
// and posts alike: hand a new item over and learn how its first attempt went, and list a view's
// unsent items (sending those still waiting again when the view opens, after a reload too).
import {
  isPassingFailure,
  type Outbox,
  type OutboxItem,
  type OutboxKind,
  type OutboxResult,
  outbox as pageOutbox,
} from '@community/api-client';
import { useEffect, useRef, useState } from 'react';

/** How the first attempt went: sent, waiting (a passing failure: the outbox goes on), or refused. */
export type FirstAttempt = 'sent' | 'waiting' | 'refused';

/**
 * Stores the item, then sends it until the server answers. `first` settles after the first attempt;
 * `delivered` when the server has answered (accepted, or refused with its reason).
 */
export function sendThroughOutbox<P extends { clientKey: string }, R>(
  item: { kind: OutboxKind; target: string; payload: P },
  send: (item: OutboxItem) => Promise<R>,
  outbox: Outbox = pageOutbox,
): { first: Promise<FirstAttempt>; delivered: Promise<OutboxResult<R>> } {
  outbox.add({ ...item, clientKey: item.payload.clientKey });
  let settle: (outcome: FirstAttempt) => void = () => {};
  const first = new Promise<FirstAttempt>((resolve) => (settle = resolve));
  const delivered = outbox
    .deliver<R>(item.payload.clientKey, async (stored) => {
      try {
        return await send(stored);
      } catch (error) {
        if (isPassingFailure(error)) settle('waiting');
        throw error;
      }
    })
    .then((result) => {
      settle(result.ok ? 'sent' : 'refused');
      return result;
    });
  return { first, delivered };
}

/**
 * Whether an item belongs in the view's unsent list: once an attempt failed or was refused, or when
 * it was kept from an earlier page (a reload). An item this page has just handed over and not yet
 * tried is still the composer's (its own "sending" state): listing it too would flash a copy of
 * every comment or post on its way.
 */
export function isShownAsUnsent(item: OutboxItem, pageOpenedAt = performance.timeOrigin): boolean {
  return item.attempts > 0 || item.refusal !== null || Date.parse(item.createdAt) < pageOpenedAt;
}

/**
 * A view's unsent items (`target` undefined: every item of the kind), kept current with the outbox;
 * those still waiting are sent when the view opens, and `onDelivered` gets the server's answers.
 */
export function useUnsent<P, R>(
  kind: OutboxKind,
  target: string | undefined,
  send: (item: OutboxItem) => Promise<R>,
  onDelivered: (answer: R) => void,
  outbox: Outbox = pageOutbox,
): OutboxItem<P>[] {
  const read = () => outbox.list<P>(kind, target).filter(isShownAsUnsent);
  const [items, setItems] = useState(read);
  const delivered = useRef(onDelivered);
  delivered.current = onDelivered;
  const sender = useRef(send);
  sender.current = send;

  useEffect(() => {
    const update = () => setItems(outbox.list<P>(kind, target).filter(isShownAsUnsent));
    update();
    return outbox.subscribe(update);
  }, [kind, target, outbox]);

  useEffect(() => {
    let open = true;
    for (const item of outbox.list(kind, target)) {
      if (item.refusal !== null) continue;
      void outbox
        .deliver<R>(item.clientKey, (stored) => sender.current(stored))
        .then((result) => {
          if (open && result.ok) delivered.current(result.result);
        });
    }
    return () => {
      open = false;
    };
  }, [kind, target, outbox]);
  return items;
}

/** The member's Retry after a refusal: the same clientKey again. */
export function retryUnsent<R>(
  clientKey: string,
  send: (item: OutboxItem) => Promise<R>,
  onDelivered: (answer: R) => void,
  outbox: Outbox = pageOutbox,
): void {
  void outbox.retry<R>(clientKey, send).then((result) => {
    if (result.ok) onDelivered(result.result);
  });
}

export const discardUnsent = (clientKey: string, outbox: Outbox = pageOutbox) => outbox.remove(clientKey);

// The Messages section's data: the first page of the member's conversations (more on demand), then
// kept live by the user room's dm.* events (re-emitted by the shell through onUserRoomEvent): a new
// message moves its conversation to the top with its preview and unread count, a conversation not
// listed yet is fetched, and read positions clear the counts.
import { onUserRoomEvent, referenceOf, socketStatus, type UserRoomEvent } from '@community/api-client';
import type { Conversation, DirectMessage } from '@community/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { applyCreated, applyRead, applyUpdated, normalise, upsert } from '../lib/conversation-list.ts';
import { fetchConversation, fetchConversations } from './conversations-api.ts';

export type ConversationList =
  | { status: 'loading' }
  | { status: 'error'; reference: string | null }
  | { status: 'ready'; items: Conversation[]; nextCursor: string | null; loadingMore: boolean };

export function useConversationList(meId: string) {
  const [state, setState] = useState<ConversationList>({ status: 'loading' });
  const items = useRef<Conversation[]>([]);

  const set = useCallback(
    (next: Conversation[], patch: Partial<Extract<ConversationList, { status: 'ready' }>> = {}) => {
      items.current = next;
      setState((current) =>
        current.status === 'ready'
          ? { ...current, ...patch, items: next }
          : { status: 'ready', items: next, nextCursor: null, loadingMore: false, ...patch },
      );
    },
    [],
  );

  const refetchOne = useCallback(
    (id: string) => {
      fetchConversation(id).then(
        ({ conversation }) => set(upsert(items.current, conversation)),
        (error: unknown) => console.error('[messages] conversation', error),
      );
    },
    [set],
  );

  const load = useCallback(() => {
    setState({ status: 'loading' });
    fetchConversations().then(
      (page) => set(normalise(page.items), { nextCursor: page.nextCursor, loadingMore: false }),
      (error: unknown) => {
        console.error('[messages] list', error);
        setState({ status: 'error', reference: referenceOf(error) });
      },
    );
  }, [set]);

  const loadMore = useCallback(() => {
    if (state.status !== 'ready' || !state.nextCursor || state.loadingMore) return;
    setState({ ...state, loadingMore: true });
    fetchConversations(state.nextCursor).then(
      (page) =>
        set(normalise([...items.current, ...page.items]), {
          nextCursor: page.nextCursor,
          loadingMore: false,
        }),
      (error: unknown) => {
        console.error('[messages] more', error);
        setState((current) => (current.status === 'ready' ? { ...current, loadingMore: false } : current));
      },
    );
  }, [state, set]);

  useEffect(load, []);

  // Events sent while the user room was down are not replayed: after a reconnect, read the first page
  // again (quietly, keeping what is shown meanwhile and any older pages already loaded).
  const userRoomConnected = useSnapshot(socketStatus).notifications;
  const wasConnected = useRef<boolean | null>(null);
  useEffect(() => {
    const reconnected = wasConnected.current === false && userRoomConnected;
    if (userRoomConnected || wasConnected.current !== null) wasConnected.current = userRoomConnected;
    if (!reconnected) return;
    fetchConversations().then(
      (page) => {
        const fresh = new Set(page.items.map((item) => item.id));
        set(normalise([...page.items, ...items.current.filter((item) => !fresh.has(item.id))]));
      },
      (error: unknown) => console.error('[messages] refresh', error),
    );
  }, [userRoomConnected, set]);

  useEffect(
    () =>
      onUserRoomEvent((event: UserRoomEvent) => {
        // Already checked against the realtime protocol by the shell: narrowing on `type` is enough
        // (and keeps the protocol's schemas out of the sidebar's bundle).
        switch (event.type) {
          case 'dm.created': {
            const message = event.message as DirectMessage;
            const next = applyCreated(items.current, message, meId);
            if (next) set(next);
            else refetchOne(message.conversationId);
            break;
          }
          case 'dm.updated':
            set(applyUpdated(items.current, event.message as DirectMessage));
            break;
          case 'dm.read': {
            const read = event as unknown as { conversationId: string; userId: string; seq: number };
            const { list, refetch } = applyRead(items.current, read, meId);
            set(list);
            if (refetch) refetchOne(read.conversationId);
            break;
          }
          case 'dm.deleted': {
            // The preview (or an unread message) went: the server knows the new last message and count.
            const conversationId = event.conversationId as string;
            if (items.current.some((item) => item.id === conversationId)) refetchOne(conversationId);
            break;
          }
          default:
            break;
        }
      }),
    [meId, set, refetchOne],
  );

  return { state, reload: load, loadMore };
}

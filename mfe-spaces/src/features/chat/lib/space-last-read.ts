// Where the member had read a space's chat to, for its "New messages" line (history-rows.ts). A
// conversation's read position is the server's (it drives unread counts and "Seen"); a space has no
// per-member read position on the server (its unread signal is the coalesced SPACE_MESSAGE
// notification), so the newest message the member has seen is kept in this browser, per member and
// space (docs/product-decisions.md, "Chat"). Read once when the chat opens; written as messages are seen.
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ChatMessageLike, ChatStore } from './chat-store.ts';
import { useTabSeen } from './use-tab-seen.ts';

const storageKey = (userId: string, spaceId: string) => `chat:last-read:${userId}:${spaceId}`;

function stored(userId: string, spaceId: string): number | null {
  try {
    const value = Number(localStorage.getItem(storageKey(userId, spaceId)));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/**
 * The space chat's last-read sequence number as it was when the chat opened (null: never opened in
 * this browser, so no line), and, while the page is looked at, the newest message shown is recorded.
 */
export function useSpaceLastRead<M extends ChatMessageLike>(
  store: ChatStore<M>,
  spaceId: string,
  userId: string,
): number | null {
  const [atOpen] = useState(() => stored(userId, spaceId));
  const { messages, status } = useSnapshot(store.state);
  const seen = useTabSeen();
  const newest = messages.at(-1)?.seq ?? 0;
  useEffect(() => {
    if (!seen || status !== 'ready' || newest <= (stored(userId, spaceId) ?? 0)) return;
    try {
      localStorage.setItem(storageKey(userId, spaceId), String(newest));
    } catch {
      // Storage full or off: the next open shows no line.
    }
  }, [seen, status, newest, userId, spaceId]);
  return atOpen;
}

// The Messages section's list, kept live from the user room: pure steps from one list to the next, so
// the hook stays small and the rules are tested apart. Most recent first; unread counts are the
// server's, moved on by each dm.created from the other member and reset by the user's own dm.read.
import type { Conversation, DirectMessage } from '@community/domain';

const byRecent = (a: Conversation, b: Conversation) =>
  (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? '');

/** Sorts most recent first (conversations without messages last), one entry per id. */
export function normalise(list: readonly Conversation[]): Conversation[] {
  const seen = new Set<string>();
  return list.filter((item) => !seen.has(item.id) && seen.add(item.id)).sort(byRecent);
}

/** Inserts or replaces a conversation fetched from the API. */
export function upsert(list: readonly Conversation[], conversation: Conversation): Conversation[] {
  return normalise([conversation, ...list.filter((item) => item.id !== conversation.id)]);
}

/** A message changed (an edit): the preview follows when it is the conversation's last message. */
export function applyUpdated(list: readonly Conversation[], message: DirectMessage): Conversation[] {
  return list.map((item) =>
    item.id === message.conversationId &&
    item.lastMessage?.id === message.id &&
    item.lastMessage.rev <= message.rev
      ? { ...item, lastMessage: message }
      : item,
  );
}

/**
 * A message arrived (either side's). Returns null when the conversation is not in the list: the
 * caller fetches it. A message already counted (a repeated event, or one the list was loaded with)
 * changes nothing.
 */
export function applyCreated(
  list: readonly Conversation[],
  message: DirectMessage,
  meId: string,
): Conversation[] | null {
  const current = list.find((item) => item.id === message.conversationId);
  if (!current) return null;
  if (message.seq <= current.lastSeq) return [...list];
  const fromOther = message.author.id !== meId;
  const updated: Conversation = {
    ...current,
    lastMessage: message,
    lastSeq: message.seq,
    lastMessageAt: message.createdAt,
    unreadCount:
      fromOther && message.seq > current.myLastReadSeq ? current.unreadCount + 1 : current.unreadCount,
    // Sending means having read everything before it.
    myLastReadSeq: fromOther ? current.myLastReadSeq : Math.max(current.myLastReadSeq, message.seq),
  };
  return normalise([updated, ...list.filter((item) => item.id !== current.id)]);
}

/**
 * A read position moved. The user's own: unread drops to 0 when everything is read; when only part
 * is, the exact count needs the server (`refetch`). The other's: only "Seen" changes.
 */
export function applyRead(
  list: readonly Conversation[],
  event: { conversationId: string; userId: string; seq: number },
  meId: string,
): { list: Conversation[]; refetch: boolean } {
  const current = list.find((item) => item.id === event.conversationId);
  if (!current) return { list: [...list], refetch: false };
  let updated = current;
  let refetch = false;
  if (event.userId === meId) {
    if (event.seq <= current.myLastReadSeq) return { list: [...list], refetch: false };
    const allRead = event.seq >= current.lastSeq;
    updated = { ...current, myLastReadSeq: event.seq, unreadCount: allRead ? 0 : current.unreadCount };
    refetch = !allRead && current.unreadCount > 0;
  } else {
    updated = { ...current, otherLastReadSeq: Math.max(current.otherLastReadSeq, event.seq) };
  }
  return { list: list.map((item) => (item.id === current.id ? updated : item)), refetch };
}

/** The last message's preview as the list shows it. */
export function previewOf(conversation: Conversation, meId: string): string {
  const message = conversation.lastMessage;
  if (!message) return 'No messages yet';
  const prefix = message.author.id === meId ? 'You: ' : '';
  if (message.deleted) return `${prefix}Message deleted`;
  if (message.content.trim()) return `${prefix}${message.content.replace(/\s+/g, ' ').trim()}`;
  const names = message.attachments.map((attachment) => attachment.name).join(', ');
  return `${prefix}${names || 'Attachment'}`;
}

const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'short' });
const dayAndMonth = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const fullDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * When the last message was sent, as messaging apps say it in a list: the time today, the weekday
 * within the past week, the day and month this year, with the year before that.
 */
export function conversationTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  if (at >= startOfToday) return timeOfDay.format(at);
  const sixDaysBefore = new Date(startOfToday);
  sixDaysBefore.setDate(startOfToday.getDate() - 6);
  if (at >= sixDaysBefore) return weekday.format(at);
  if (at.getFullYear() === now.getFullYear()) return dayAndMonth.format(at);
  return fullDay.format(at);
}

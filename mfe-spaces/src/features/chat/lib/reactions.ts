// Reactions as the chat shows them (issue 28): the quick row, the optimistic toggle, and "mine".
// A message's `reactions` come from reads (with `mine`, the reader's own) and from `*.updated` events
// (sent alike to every reader, so without `mine`): each client works out its own from the reactors
// named, or, when the list is cut (more reactors than REACTORS_SHOWN), keeps what it held before —
// someone else's change does not change mine, and my own comes back in my call's answer.
import { REACTORS_SHOWN, type ReactionSummary, type Reactor } from '@community/domain';

/** The quick reactions of a message's actions, as in Slack and Discord. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '🎉', '😮', '😢'] as const;

/** `incoming` with `mine` on each emoji, for the member `meId`, given the copy held before. */
export function resolveMine(
  incoming: readonly ReactionSummary[] | undefined,
  held: readonly ReactionSummary[] | undefined,
  meId: string,
): ReactionSummary[] {
  return (incoming ?? []).map((summary) => {
    if (summary.mine !== undefined) return summary;
    const named = summary.reactors.some((reactor) => reactor.id === meId);
    const cut = summary.count > summary.reactors.length;
    const before = held?.find((other) => other.emoji === summary.emoji)?.mine ?? false;
    return { ...summary, mine: named || (cut && before) };
  });
}

/** The reactions after the member adds (`add`) or removes `emoji`, before the server answers. */
export function toggleLocally(
  reactions: readonly ReactionSummary[] | undefined,
  emoji: string,
  me: Reactor,
  add: boolean,
): ReactionSummary[] {
  const list = reactions ?? [];
  const current = list.find((summary) => summary.emoji === emoji);
  if (add) {
    if (current?.mine) return [...list];
    if (!current) return [...list, { emoji, count: 1, reactors: [me], mine: true }];
    const reactors = [me, ...current.reactors.filter((r) => r.id !== me.id)].slice(0, REACTORS_SHOWN);
    return list.map((s) => (s === current ? { ...s, count: s.count + 1, reactors, mine: true } : s));
  }
  if (!current?.mine) return [...list];
  if (current.count <= 1) return list.filter((summary) => summary !== current);
  const reactors = current.reactors.filter((reactor) => reactor.id !== me.id);
  return list.map((s) => (s === current ? { ...s, count: s.count - 1, reactors, mine: false } : s));
}

/** Who reacted, for the hover list: "You, Ann Lee and 3 others". */
export function reactorNames(summary: ReactionSummary, meId: string): string {
  const names = summary.reactors.map((reactor) =>
    reactor.id === meId ? 'You' : `${reactor.firstName} ${reactor.lastName}`.trim(),
  );
  // "You" first, as Slack lists it.
  names.sort((a, b) => (a === 'You' ? -1 : b === 'You' ? 1 : 0));
  const others = summary.count - names.length;
  if (others > 0) return `${names.join(', ')} and ${others} ${others === 1 ? 'other' : 'others'}`;
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

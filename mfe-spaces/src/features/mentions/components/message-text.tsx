// A chat or direct message's text with its mentions as chips: "@First Last" with the name as of
// this read (the message's `mentions`), stronger when it names the viewer; `@here` / `@space` name
// every reader of the space. A row holding a `data-mention-me` chip is highlighted (message-item).
import type { MentionedMember } from '@community/domain';
import { mentionName, splitMentions } from '@community/domain';
import { css } from '@community/ui/styled-system/css';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { knownMentioned, rememberMentioned } from '../lib/known-names.ts';

export const mentionChipClass = css({
  display: 'inline',
  px: '1',
  borderRadius: 'l1',
  fontWeight: 'medium',
  bg: 'accent.subtle',
  color: 'accent.text',
  '&[data-mention-me]': { bg: 'warning.muted', color: 'warning.text', fontWeight: 'semibold' },
});

/** One mention: "@First Last" as a chip, marked `data-mention-me` when it names the viewer. */
export function MentionChip({ userId, label }: { userId: string; label: string }) {
  const mine = useCurrentUser()?.id === userId;
  return (
    <span data-mention="" data-mention-me={mine || undefined} className={mentionChipClass}>
      {label}
    </span>
  );
}

export function MessageText({
  content,
  mentions,
}: {
  content: string;
  mentions?: readonly MentionedMember[];
}) {
  const me = useCurrentUser();
  rememberMentioned(mentions);
  return splitMentions(content).map((segment, index) => {
    // Segments never reorder within a message, so their place is a stable key.
    const key = `${index}`;
    if (segment.kind === 'text') return <span key={key}>{segment.text}</span>;
    if (segment.kind === 'broadcast') {
      return (
        <span key={key} data-mention="" data-mention-me="" className={mentionChipClass}>
          @{segment.which}
        </span>
      );
    }
    const member = mentions?.find((entry) => entry.id === segment.id) ?? knownMentioned(segment.id);
    if (!member) return <span key={key}>@unknown</span>;
    const mine = segment.id === me?.id;
    return (
      <span key={key} data-mention="" data-mention-me={mine || undefined} className={mentionChipClass}>
        {mentionName(member)}
      </span>
    );
  });
}

// One entry of an @mention list, in the chat composer's (mention-suggestions.tsx) and the post
// editor's (Lexical, mention-plugin.tsx) alike: picked on pointer down, so the text keeps its focus.
import type { MentionCandidate } from '@community/domain';
import { Avatar } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import type { ReactNode, Ref } from 'react';
import { fullName } from '../../../lib/format.ts';

const optionClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '1.5',
  textStyle: 'sm',
  cursor: 'pointer',
  '&[aria-selected=true]': { bg: 'accent.subtle', color: 'accent.text' },
});

export function MentionListItem({
  id,
  optionRef,
  selected,
  onPick,
  onHover,
  children,
}: {
  id?: string;
  optionRef?: Ref<HTMLDivElement>;
  selected: boolean;
  onPick: () => void;
  onHover: () => void;
  children: ReactNode;
}) {
  return (
    <div
      id={id}
      ref={optionRef}
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      className={optionClass}
      onPointerDown={(event) => {
        event.preventDefault();
        onPick();
      }}
      onPointerEnter={onHover}
    >
      {children}
    </div>
  );
}

/** A member as the list shows them: avatar and name. */
export function MemberLabel({ member }: { member: MentionCandidate }) {
  return (
    <>
      <Avatar name={fullName(member)} src={member.imageUrl} size="xs" />
      <span className={css({ truncate: true })}>{fullName(member)}</span>
    </>
  );
}

// The @mention list above the composer: a listbox the textarea drives (aria-activedescendant), so
// focus never leaves the text. A click (pointer down, before the textarea blurs) picks too.
import { css } from '@community/ui/styled-system/css';
import {
  BROADCAST_HINTS,
  type MentionAutocomplete,
  type MentionOption,
} from '../lib/mention-autocomplete.ts';
import { MemberLabel, MentionListItem } from './mention-option.tsx';

const listClass = css({
  position: 'absolute',
  insetStart: '0',
  insetEnd: '0',
  bottom: 'calc(100% + 4px)',
  zIndex: 'dropdown',
  maxH: '72',
  overflowY: 'auto',
  py: '1',
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  boxShadow: 'lg',
});

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

const optionKey = (option: MentionOption) => (option.kind === 'member' ? option.member.id : option.which);

export function MentionSuggestions({
  id,
  mention,
  onPick,
}: {
  id: string;
  mention: MentionAutocomplete;
  onPick: (option: MentionOption) => void;
}) {
  if (!mention.open) return null;
  return (
    <div id={id} role="listbox" aria-label="Mention a member" className={listClass}>
      {mention.options.map((option, index) => (
        <MentionListItem
          key={optionKey(option)}
          id={optionId(id, index)}
          selected={index === mention.active}
          onPick={() => onPick(option)}
          onHover={() => mention.setActive(index)}
        >
          {option.kind === 'member' ? (
            <MemberLabel member={option.member} />
          ) : (
            <>
              <span className={css({ fontWeight: 'semibold' })}>@{option.which}</span>
              <span className={css({ color: 'fg.muted', textStyle: 'xs', truncate: true })}>
                {BROADCAST_HINTS[option.which]}
              </span>
            </>
          )}
        </MentionListItem>
      ))}
    </div>
  );
}

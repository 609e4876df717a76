// The @mention list above the composer: a listbox the textarea drives (aria-activedescendant), so
// focus never leaves the text. A click (pointer down, before the textarea blurs) picks too.
import { Avatar } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { fullName } from '../../../lib/format.ts';
import {
  BROADCAST_HINTS,
  type MentionAutocomplete,
  type MentionOption,
} from '../lib/mention-autocomplete.ts';

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
        <div
          key={optionKey(option)}
          id={optionId(id, index)}
          role="option"
          tabIndex={-1}
          aria-selected={index === mention.active}
          className={optionClass}
          onPointerDown={(event) => {
            event.preventDefault();
            onPick(option);
          }}
          onPointerEnter={() => mention.setActive(index)}
        >
          {option.kind === 'member' ? (
            <>
              <Avatar name={fullName(option.member)} src={option.member.imageUrl} size="xs" />
              <span className={css({ truncate: true })}>{fullName(option.member)}</span>
            </>
          ) : (
            <>
              <span className={css({ fontWeight: 'semibold' })}>@{option.which}</span>
              <span className={css({ color: 'fg.muted', textStyle: 'xs', truncate: true })}>
                {BROADCAST_HINTS[option.which]}
              </span>
            </>
          )}
        </div>
      ))}
    </div>
  );
}

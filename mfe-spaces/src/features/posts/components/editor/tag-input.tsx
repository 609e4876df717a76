// Post tags (spec section 5): Enter or comma adds, inner spaces become underscores, duplicates are
// dropped, and the input disappears once there are 3. The rules are the domain's addPostTag.
import { addPostTag, POST_TAGS_MAX } from '@community/domain';
import { Button, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type KeyboardEvent, useId, useState } from 'react';

export type TagInputProps = {
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  label?: string;
  error?: string | undefined;
};

export function TagInput({ tags, onChange, label = 'Tags', error }: TagInputProps) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const errorId = useId();
  const full = tags.length >= POST_TAGS_MAX;

  const commit = (raw: string) => {
    if (raw.trim() !== '' && raw.replace(/,/g, '').trim() !== '') onChange(addPostTag(tags, raw));
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit(draft);
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
      <label htmlFor={full ? undefined : inputId} className={css({ textStyle: 'sm', fontWeight: 'medium' })}>
        {label}{' '}
        <span className={css({ color: 'fg.muted', fontWeight: 'normal' })}>
          ({tags.length}/{POST_TAGS_MAX})
        </span>
      </label>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1.5' })}>
        {tags.length > 0 ? (
          <ul aria-label="Tags added" className={css({ display: 'contents' })}>
            {tags.map((tag) => (
              <li
                key={tag}
                className={css({
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: '0.5',
                  ps: '2',
                  borderRadius: 'full',
                  bg: 'accent.subtle',
                  color: 'accent.text',
                  textStyle: 'xs',
                  fontWeight: 'medium',
                })}
              >
                #{tag}
                <Button
                  variant="ghost"
                  size="xs"
                  aria-label={`Remove tag ${tag}`}
                  className={css({ h: '6', px: '1', borderRadius: 'full' })}
                  onClick={() => onChange(tags.filter((item) => item !== tag))}
                >
                  <icons.X />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {full ? null : (
          <input
            id={inputId}
            value={draft}
            placeholder="Add a tag and press Enter"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              const value = event.target.value;
              // A pasted "a, b" adds both at once; what follows the last comma stays in the box.
              if (value.includes(',')) {
                const cut = value.lastIndexOf(',');
                commit(value.slice(0, cut));
                setDraft(value.slice(cut + 1));
              } else setDraft(value);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => commit(draft)}
            className={css({
              flex: '1',
              minW: '40',
              h: '9',
              px: '3',
              textStyle: 'sm',
              borderWidth: '1px',
              borderColor: 'border.emphasized',
              borderRadius: 'l2',
              bg: 'bg.default',
              outline: 'none',
              _focusVisible: { borderColor: 'accent.default' },
            })}
          />
        )}
      </div>
      {error ? (
        <p id={errorId} role="alert" className={css({ textStyle: 'xs', color: 'danger.text' })}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

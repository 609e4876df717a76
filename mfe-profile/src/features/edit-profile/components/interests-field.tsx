// Interests as tags (spec section 5, "Interest tag"): trimmed, a leading # removed, empty or already
// present ignored (the domain's addInterest), added by Enter or the Add button, each removable,
// shown with #.
import { addInterest } from '@community/domain';
import { Button, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { field, input } from '@community/ui/styled-system/recipes';
import { useState } from 'react';

export type InterestsFieldProps = {
  id: string;
  value: readonly string[];
  onChange: (interests: string[]) => void;
  error?: string | undefined;
};

export function InterestsField({ id, value, onChange, error }: InterestsFieldProps) {
  const [draft, setDraft] = useState('');
  const styles = field();
  const add = () => {
    onChange(addInterest(value, draft));
    setDraft('');
  };
  return (
    <div className={styles.root}>
      <label htmlFor={id} className={styles.label}>
        Interests
      </label>
      <div className={css({ display: 'flex', gap: '2' })}>
        <input
          id={id}
          value={draft}
          placeholder="Add an interest"
          aria-invalid={Boolean(error) || undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the tag; it must not submit the wizard.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
          className={input()}
        />
        <Button variant="outline" onClick={add}>
          Add
        </Button>
      </div>
      {value.length > 0 ? (
        <ul aria-label="Your interests" className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {value.map((tag) => (
            <li
              key={tag}
              className={css({
                display: 'inline-flex',
                alignItems: 'center',
                gap: '1',
                ps: '2.5',
                pe: '1',
                py: '0.5',
                borderRadius: 'full',
                bg: 'accent.subtle',
                color: 'accent.text',
                textStyle: 'sm',
              })}
            >
              #{tag}
              <button
                type="button"
                aria-label={`Remove #${tag}`}
                onClick={() => onChange(value.filter((item) => item !== tag))}
                className={css({
                  display: 'inline-grid',
                  placeItems: 'center',
                  w: '5',
                  h: '5',
                  borderRadius: 'full',
                  cursor: 'pointer',
                  _hover: { bg: 'accent.muted' },
                  '& svg': { w: '3', h: '3' },
                })}
              >
                <icons.X aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className={styles.errorText}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

// Event topics (spec section 5: at most 5): typed and added on Enter, removed with their X button.
// Blank and duplicate topics are ignored; the input is hidden once 5 are set.
import { EVENT_TOPICS_MAX, normalizeEventTopics } from '@community/domain';
import { Badge, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { input } from '@community/ui/styled-system/recipes';
import { useState } from 'react';

export type TopicsInputProps = {
  id: string;
  value: string[];
  onChange: (topics: string[]) => void;
  error?: string | undefined;
};

export function TopicsInput({ id, value, onChange, error }: TopicsInputProps) {
  const [draft, setDraft] = useState('');
  const full = value.length >= EVENT_TOPICS_MAX;
  const add = () => {
    const next = normalizeEventTopics([...value, draft]).slice(0, EVENT_TOPICS_MAX);
    onChange(next);
    setDraft('');
  };

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
      <label htmlFor={id} className={css({ textStyle: 'label' })}>
        Topics
      </label>
      {value.length > 0 ? (
        <ul aria-label="Selected topics" className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })}>
          {value.map((topic) => (
            <li key={topic}>
              <Badge variant="subtle" className={css({ gap: '1', pe: '1' })}>
                {topic}
                <button
                  type="button"
                  aria-label={`Remove topic ${topic}`}
                  onClick={() => onChange(value.filter((item) => item !== topic))}
                  className={css({
                    display: 'inline-flex',
                    cursor: 'pointer',
                    borderRadius: 'full',
                    _hover: { bg: 'accent.muted' },
                  })}
                >
                  <icons.X aria-hidden="true" className={css({ w: '3', h: '3' })} />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? (
        <p id={id} className={css({ textStyle: 'xs', color: 'fg.muted' })}>
          {EVENT_TOPICS_MAX} topics at most.
        </p>
      ) : (
        <input
          id={id}
          className={input()}
          placeholder="Type a topic and press Enter"
          value={draft}
          aria-invalid={Boolean(error) || undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
        />
      )}
      {error ? (
        <p className={css({ textStyle: 'xs', color: 'danger.text', fontWeight: 'medium' })}>{error}</p>
      ) : null}
    </div>
  );
}

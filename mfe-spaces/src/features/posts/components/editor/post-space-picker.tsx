// "Post in": the space a post from Home goes to. It offers only the spaces where the member may post
// (those they belong to: the server's rule for POST /api/socket/posts, docs/api.md), in the order of
// GET /api/spaces; a public space they only read is left out. Its first choice is the space asked
// for, else the one they last posted in, else the first (lib/last-post-space.ts).
import type { Space } from '@community/domain';
import { Button, SelectChevron } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { input } from '@community/ui/styled-system/recipes';
import { useEffect, useId, useMemo } from 'react';
import { useSpaces } from '../../../spaces/api/use-spaces.ts';
import { defaultPostSpace } from '../../lib/last-post-space.ts';

/** Where the member may post: the spaces they are a member of. */
export const postableSpaces = (spaces: readonly Space[]): Space[] => spaces.filter((space) => space.isMember);

export type PostSpacePickerProps = {
  value: string | null;
  onChange: (spaceId: string) => void;
  /** Whose last space is offered first. */
  userId: string;
  disabled?: boolean;
};

export function PostSpacePicker({ value, onChange, userId, disabled = false }: PostSpacePickerProps) {
  const id = useId();
  const spaces = useSpaces();
  const listed = spaces.status === 'ready' ? spaces.spaces : null;
  const choices = useMemo(() => (listed ? postableSpaces(listed) : []), [listed]);
  const chosen = value !== null && choices.some((space) => space.id === value) ? value : null;

  // Once the list is known, a space the member may not post in (or none yet) gives way to the default.
  useEffect(() => {
    if (spaces.status !== 'ready' || chosen) return;
    const first = defaultPostSpace(choices, value, userId);
    if (first) onChange(first);
  }, [spaces.status, choices, chosen, value, userId, onChange]);

  const empty = spaces.status === 'ready' && choices.length === 0;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
      <label htmlFor={id} className={css({ textStyle: 'label' })}>
        Post in
      </label>
      {/* The kit's input look hides the native arrow; a chevron says it opens a list. */}
      <div className={css({ position: 'relative' })}>
        <select
          id={id}
          className={cx(input(), css({ cursor: 'pointer', pe: '9' }))}
          value={chosen ?? ''}
          disabled={disabled || spaces.status !== 'ready' || empty}
          onChange={(event) => onChange(event.target.value)}
        >
          {chosen ? null : (
            <option value="" disabled>
              {spaces.status === 'loading'
                ? 'Loading spaces…'
                : empty
                  ? 'No space to post in'
                  : 'Choose a space'}
            </option>
          )}
          {choices.map((space) => (
            <option key={space.id} value={space.id}>
              {space.name}
            </option>
          ))}
        </select>
        <SelectChevron />
      </div>
      {empty ? (
        <p className={css({ textStyle: 'xs', color: 'fg.muted' })}>Join a space to post in it.</p>
      ) : null}
      {spaces.status === 'error' ? (
        <p
          role="alert"
          className={css({
            display: 'flex',
            alignItems: 'center',
            gap: '2',
            textStyle: 'xs',
            color: 'danger.text',
          })}
        >
          Unable to load spaces
          <Button size="xs" variant="outline" onClick={spaces.reload}>
            Retry
          </Button>
        </p>
      ) : null}
    </div>
  );
}

// The event form's space picker: the spaces the member can see (GET /api/spaces), in the API's order.
import { Button } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { input } from '@community/ui/styled-system/recipes';
import { useSpaces } from '../api/get-spaces.ts';

export type SpacePickerProps = {
  id: string;
  value: string;
  onChange: (spaceId: string) => void;
  error?: string | undefined;
};

export function SpacePicker({ id, value, onChange, error }: SpacePickerProps) {
  const spaces = useSpaces();
  const errorId = `${id}-error`;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
      <label htmlFor={id} className={css({ textStyle: 'label' })}>
        Space
      </label>
      <select
        id={id}
        className={cx(input(), css({ cursor: 'pointer' }))}
        value={value}
        disabled={spaces.status !== 'ready'}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{spaces.status === 'loading' ? 'Loading spaces…' : 'Choose a space'}</option>
        {spaces.status === 'ready'
          ? spaces.spaces.map((space) => (
              <option key={space.id} value={space.id}>
                {space.name}
              </option>
            ))
          : null}
      </select>
      {spaces.status === 'error' ? (
        <p
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
      {error ? (
        <p id={errorId} className={css({ textStyle: 'xs', color: 'danger.text', fontWeight: 'medium' })}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

// Small form parts the event dialogs share: a labelled native select, a radio row and the field error
// line.
import { css, cx } from '@community/ui/styled-system/css';
import { input } from '@community/ui/styled-system/recipes';

export const fieldError = css({ textStyle: 'xs', color: 'danger.text', fontWeight: 'medium' });
const labelText = css({ textStyle: 'label' });
const column = css({ display: 'flex', flexDirection: 'column', gap: '1.5' });

export function SelectField<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
  error,
  note,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly { value: T; label: string; disabled?: boolean | undefined }[];
  onChange: (value: T) => void;
  error?: string | undefined;
  /** A short note under the field (what changed by itself), read out when it appears; null for none yet. */
  note?: string | null | undefined;
}) {
  return (
    <div className={column}>
      <label htmlFor={id} className={labelText}>
        {label}
      </label>
      <select
        id={id}
        className={cx(input(), css({ cursor: 'pointer' }))}
        value={value}
        aria-invalid={Boolean(error) || undefined}
        onChange={(event) => {
          const next = options.find((option) => option.value === event.target.value);
          if (next) onChange(next.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {/* Present (empty) before its note comes, so screen readers announce the note. */}
      {note === undefined ? null : (
        <p role="status" className={css({ textStyle: 'xs', color: 'fg.muted', _empty: { display: 'none' } })}>
          {note}
        </p>
      )}
      {error ? <p className={fieldError}>{error}</p> : null}
    </div>
  );
}

export function RadioRow<T extends string>({
  name,
  label,
  value,
  options,
  onChange,
}: {
  name: string;
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className={cx(labelText, css({ mb: '1.5' }))}>{label}</legend>
      <div className={css({ display: 'flex', gap: '4' })}>
        {options.map((option) => (
          <label
            key={option.value}
            className={css({
              display: 'inline-flex',
              alignItems: 'center',
              gap: '2',
              textStyle: 'sm',
              cursor: 'pointer',
            })}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

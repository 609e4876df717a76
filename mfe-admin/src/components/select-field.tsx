// A labelled native select with its error message, styled like the kit's inputs and fields.
import { css, cx } from '@community/ui/styled-system/css';
import { field, input } from '@community/ui/styled-system/recipes';
import { type ComponentProps, useId } from 'react';

export type SelectFieldProps = Omit<ComponentProps<'select'>, 'children'> & {
  label: string;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
};

export function SelectField({ label, options, error, className, id, ...props }: SelectFieldProps) {
  const fallbackId = useId();
  const selectId = id ?? fallbackId;
  const errorId = `${selectId}-error`;
  const styles = field();
  return (
    <div className={cx(styles.root, className)}>
      <label htmlFor={selectId} className={styles.label}>
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-invalid={error ? '' : undefined}
        className={cx(input(), css({ pe: '8', cursor: 'pointer' }))}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <span id={errorId} className={styles.errorText}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

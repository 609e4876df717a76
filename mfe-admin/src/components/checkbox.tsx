// A labelled native checkbox, tinted with the accent colour.
import { css, cx } from '@community/ui/styled-system/css';
import type { ComponentProps, ReactNode } from 'react';

export type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode };

export function Checkbox({ label, className, ...props }: CheckboxProps) {
  return (
    <label
      className={cx(
        css({ display: 'inline-flex', alignItems: 'center', gap: '2', textStyle: 'sm' }),
        className,
      )}
    >
      <input
        type="checkbox"
        className={css({ w: '4', h: '4', accentColor: 'accent.default', cursor: 'pointer' })}
        {...props}
      />
      <span>{label}</span>
    </label>
  );
}

import { css, cx } from '@community/ui/styled-system/css';
import type { ComponentProps } from 'react';

const sizes = { sm: '4', md: '6', lg: '8' } as const;

export type SpinnerProps = ComponentProps<'span'> & {
  size?: keyof typeof sizes;
  /** Announced to screen readers; `null` makes the spinner purely decorative (e.g. inside a busy button). */
  label?: string | null;
};

export function Spinner({ size = 'md', label = 'Loading', className, ...props }: SpinnerProps) {
  const decorative = label === null;
  return (
    <span
      role={decorative ? undefined : 'status'}
      aria-hidden={decorative || undefined}
      className={cx(css({ display: 'inline-flex', color: 'currentColor' }), className)}
      {...props}
    >
      <span
        aria-hidden="true"
        className={css({
          display: 'inline-block',
          w: sizes[size],
          h: sizes[size],
          borderWidth: '2px',
          borderColor: 'currentColor',
          borderTopColor: 'transparent',
          borderRadius: 'full',
          animation: 'spin 0.7s linear infinite',
        })}
      />
      {decorative ? null : <span className={css({ srOnly: true })}>{label}</span>}
    </span>
  );
}

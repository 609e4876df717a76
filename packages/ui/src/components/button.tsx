import { cx } from '@community/ui/styled-system/css';
import { type ButtonVariantProps, button } from '@community/ui/styled-system/recipes';
import type { ComponentProps } from 'react';
import { Spinner } from './spinner.tsx';

export type ButtonProps = ComponentProps<'button'> &
  ButtonVariantProps & {
    /** Shows a spinner and disables the button while an action runs. */
    loading?: boolean;
  };

export function Button({ loading = false, disabled, children, className, type, ...props }: ButtonProps) {
  const [variantProps, rest] = button.splitVariantProps(props);
  return (
    <button
      // Buttons inside forms must not submit by accident; submit buttons say so explicitly.
      type={type === 'submit' || type === 'reset' ? type : 'button'}
      className={cx(button(variantProps), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" label={null} /> : null}
      {children}
    </button>
  );
}

import { cx } from '@community/ui/styled-system/css';
import { type InputVariantProps, input } from '@community/ui/styled-system/recipes';
import type { ComponentProps } from 'react';

export type InputProps = Omit<ComponentProps<'input'>, 'size'> & InputVariantProps;

export function Input({ className, ...props }: InputProps) {
  const [variantProps, rest] = input.splitVariantProps(props);
  return <input className={cx(input(variantProps), className)} {...rest} />;
}

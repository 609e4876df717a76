import { cx } from '@community/ui/styled-system/css';
import { type BadgeVariantProps, badge } from '@community/ui/styled-system/recipes';
import type { ComponentProps } from 'react';

export type BadgeProps = ComponentProps<'span'> & BadgeVariantProps;

export function Badge({ className, ...props }: BadgeProps) {
  const [variantProps, rest] = badge.splitVariantProps(props);
  return <span className={cx(badge(variantProps), className)} {...rest} />;
}

import { cx } from '@community/ui/styled-system/css';
import { type SkeletonVariantProps, skeleton } from '@community/ui/styled-system/recipes';
import type { ComponentProps } from 'react';

export type SkeletonProps = ComponentProps<'div'> & SkeletonVariantProps;

/** A placeholder block shown while content loads; size it with css() or style. */
export function Skeleton({ className, ...props }: SkeletonProps) {
  const [variantProps, rest] = skeleton.splitVariantProps(props);
  return (
    <div aria-hidden="true" data-skeleton="" className={cx(skeleton(variantProps), className)} {...rest} />
  );
}

import { css, cx } from '@community/ui/styled-system/css';
import type { ReactNode } from 'react';

export type EmptyStateProps = {
  /** The spec's empty-state text, e.g. "No Available Events". */
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
};

export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div
      className={cx(
        css({
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          gap: '2',
          py: '10',
          px: '4',
          color: 'fg.muted',
        }),
        className,
      )}
    >
      {icon ? <div className={css({ color: 'fg.subtle', '& svg': { w: '8', h: '8' } })}>{icon}</div> : null}
      <p className={css({ textStyle: 'md', fontWeight: 'semibold', color: 'fg.default' })}>{title}</p>
      {description ? <div className={css({ textStyle: 'sm' })}>{description}</div> : null}
      {action ? <div className={css({ mt: '2' })}>{action}</div> : null}
    </div>
  );
}

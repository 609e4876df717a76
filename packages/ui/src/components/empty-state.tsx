import { css, cx } from '@community/ui/styled-system/css';
import type { ReactNode } from 'react';
import { ErrorReference } from './error-reference.tsx';

export type EmptyStateProps = {
  /** The spec's empty-state text, e.g. "No Available Events". */
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  /**
   * An empty state that stands for a failed load: the request id of the failure (`referenceOf(error)`
   * of @community/api-client), shown as "Reference: <id>" with a Copy button under the description.
   */
  reference?: string | null;
  className?: string;
};

export function EmptyState({ title, description, icon, action, reference, className }: EmptyStateProps) {
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
      <ErrorReference reference={reference} className={css({ justifyContent: 'center' })} />
      {action ? <div className={css({ mt: '2' })}>{action}</div> : null}
    </div>
  );
}

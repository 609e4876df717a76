import { Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';

/** Spec section 9: 4 skeleton placeholders while a list loads. */
export const SKELETON_ROWS = 4;

export function MemberListSkeleton({ label, rows = SKELETON_ROWS }: { label: string; rows?: number }) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={label}
      className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}
    >
      {Array.from({ length: rows }, (_, index) => (
        <div
          key={index}
          data-testid="member-skeleton-row"
          className={css({ display: 'flex', alignItems: 'center', gap: '3', px: '4', py: '3' })}
        >
          <Skeleton shape="circle" className={css({ w: '10', h: '10' })} />
          <div className={css({ flex: '1', display: 'flex', flexDirection: 'column', gap: '2' })}>
            <Skeleton shape="text" className={css({ w: '1/3' })} />
            <Skeleton shape="text" className={css({ w: '2/3' })} />
          </div>
        </div>
      ))}
    </div>
  );
}

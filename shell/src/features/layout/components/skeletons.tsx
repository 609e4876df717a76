// Placeholders shown while a micro-frontend's code loads (React Suspense fallbacks).
import { Skeleton, Spinner } from '@community/ui';
import { css } from '@community/ui/styled-system/css';

export function PageSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div aria-busy="true" className={css({ display: 'flex', flexDirection: 'column', gap: '4', p: '6' })}>
      <Skeleton className={css({ h: '8', w: '48' })} />
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className={css({ h: '24', w: 'full' })} />
      ))}
    </div>
  );
}

export function SidebarSkeleton() {
  return (
    <div aria-busy="true" className={css({ display: 'flex', flexDirection: 'column', gap: '3', p: '3' })}>
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
          <Skeleton shape="circle" className={css({ w: '3', h: '3' })} />
          <Skeleton shape="text" className={css({ flex: '1' })} />
        </div>
      ))}
    </div>
  );
}

/** For modals and side panels: a centred spinner over a dimmed page until the panel's code arrives. */
export function PanelSkeleton() {
  return (
    <div
      className={css({
        position: 'fixed',
        inset: '0',
        zIndex: 'modal',
        display: 'grid',
        placeItems: 'center',
        bg: 'bg.overlay',
        color: 'white',
      })}
    >
      <Spinner size="lg" />
    </div>
  );
}

// What every tab shows while it loads (the spec's 4 skeleton placeholders), when it fails (the
// reason, with Retry: never a silent empty list), and the "Load more" button of its paged lists.
import { SKELETON_COUNT } from '@community/domain';
import { Button, EmptyState, icons, Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';

export function ListSkeleton({ label, rows = SKELETON_COUNT }: { label: string; rows?: number }) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={label}
      className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
    >
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className={css({ h: '14', borderRadius: 'l2' })} />
      ))}
    </div>
  );
}

/** `reference`: the failed request's id (`referenceOf(error)`), shown as "Reference: <id>". */
export function LoadFailed({
  title,
  reference,
  onRetry,
}: {
  title: string;
  reference?: string | null;
  onRetry: () => void;
}) {
  return (
    <EmptyState
      icon={<icons.AlertTriangle />}
      title={title}
      reference={reference}
      action={
        <Button size="sm" variant="outline" onClick={onRetry}>
          <icons.RefreshCw aria-hidden="true" />
          Retry
        </Button>
      }
    />
  );
}

/** The next page of a list; says so when it failed, and tries again on the next click. */
export function LoadMore({
  label = 'Load more',
  loading,
  failed,
  onClick,
}: {
  label?: string;
  loading: boolean;
  failed: boolean;
  onClick: () => void;
}) {
  return (
    <div
      className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '1', pt: '2' })}
    >
      {failed ? (
        <p role="alert" className={css({ textStyle: 'xs', color: 'danger.text' })}>
          Could not load more. Try again.
        </p>
      ) : null}
      <Button size="sm" variant="outline" onClick={onClick} loading={loading}>
        {label}
      </Button>
    </div>
  );
}

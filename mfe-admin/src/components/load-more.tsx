// "Load more" under a paged admin list (users, the audit log, bounced addresses): shown while the
// server has more, busy while the next page loads.
import { Button, type CursorList } from '@community/ui';
import { css } from '@community/ui/styled-system/css';

export function LoadMore({
  list,
}: {
  list: Pick<CursorList<unknown>, 'hasMore' | 'loadingMore' | 'loadMore'>;
}) {
  if (!list.hasMore) return null;
  return (
    <div className={css({ display: 'flex', justifyContent: 'center' })}>
      <Button variant="outline" size="sm" loading={list.loadingMore} onClick={list.loadMore}>
        Load more
      </Button>
    </div>
  );
}

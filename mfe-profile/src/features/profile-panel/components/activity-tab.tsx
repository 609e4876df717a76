// Activity: the member's latest posts and comments, two lists paged with "Load more"
// (GET /api/users/{id}/latest-activity?type=posts|comments). Each opens the post's comments.
import { referenceOf } from '@community/api-client';
import {
  type ActivityComment,
  type ActivityPost,
  COMMENTS_ACTIVITY_EMPTY,
  POSTS_ACTIVITY_EMPTY,
} from '@community/domain';
import { type CursorList, EmptyState, icons, useCursorList } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import type { ReactNode } from 'react';
import { getCommentsActivity, getPostsActivity } from '../api/profile-api.ts';
import { dateLabel } from '../lib/format.ts';
import { postHref } from '../lib/go-to-message.ts';
import { PanelLink } from './panel-link.tsx';
import { ListSkeleton, LoadFailed, LoadMore } from './tab-states.tsx';

const sectionTitle = css({ textStyle: 'overline', color: 'fg.subtle', mb: '2' });
const meta = css({ textStyle: 'xs', color: 'fg.muted' });
const excerptClass = css({ textStyle: 'sm', lineClamp: '2', wordBreak: 'break-word' });

function ActivityList<T extends { id: string }>({
  title,
  list,
  empty,
  renderItem,
}: {
  title: string;
  list: CursorList<T>;
  empty: string;
  renderItem: (item: T) => ReactNode;
}) {
  let body: ReactNode;
  if (list.status === 'loading') body = <ListSkeleton label={`Loading ${title.toLowerCase()}`} />;
  else if (list.status === 'error')
    body = (
      <LoadFailed
        title={`Unable to load ${title.toLowerCase()}`}
        reference={referenceOf(list.error)}
        onRetry={list.reload}
      />
    );
  else if (list.items.length === 0) body = <EmptyState icon={<icons.Info />} title={empty} />;
  else
    body = (
      <>
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          {list.items.map((item) => (
            <li key={item.id}>{renderItem(item)}</li>
          ))}
        </ul>
        {list.hasMore ? (
          <LoadMore loading={list.loadingMore} failed={list.loadMoreFailed} onClick={list.loadMore} />
        ) : null}
      </>
    );
  return (
    <section aria-label={title}>
      <h3 className={sectionTitle}>{title}</h3>
      {body}
    </section>
  );
}

function PostRow({ post }: { post: ActivityPost }) {
  return (
    <PanelLink href={postHref(post.spaceId, post.id)}>
      <icons.Hash
        aria-hidden="true"
        className={css({ w: '4', h: '4', mt: '0.5', color: 'fg.subtle', flexShrink: 0 })}
      />
      <span className={css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' })}>
        {post.title ? (
          <span className={css({ fontWeight: 'semibold', textStyle: 'sm', truncate: true })}>
            {post.title}
          </span>
        ) : null}
        {post.excerpt ? <span className={excerptClass}>{post.excerpt}</span> : null}
        <span className={meta}>
          {post.spaceName} · {dateLabel(post.createdAt)} · {post.likes} {post.likes === 1 ? 'like' : 'likes'}{' '}
          · {post.commentsCount} {post.commentsCount === 1 ? 'comment' : 'comments'}
        </span>
      </span>
    </PanelLink>
  );
}

function CommentRow({ comment }: { comment: ActivityComment }) {
  return (
    <PanelLink href={postHref(comment.spaceId, comment.postId)}>
      <icons.MessageCircle
        aria-hidden="true"
        className={css({ w: '4', h: '4', mt: '0.5', color: 'fg.subtle', flexShrink: 0 })}
      />
      <span className={css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' })}>
        <span className={excerptClass}>{comment.excerpt}</span>
        <span className={meta}>
          {comment.postTitle ? `On “${comment.postTitle}” · ` : ''}
          {comment.spaceName} · {dateLabel(comment.createdAt)}
        </span>
      </span>
    </PanelLink>
  );
}

const fetchPosts = (userId: string, cursor: string | null, signal: AbortSignal) =>
  getPostsActivity(userId, cursor, signal);
const fetchComments = (userId: string, cursor: string | null, signal: AbortSignal) =>
  getCommentsActivity(userId, cursor, signal);

export function ActivityTab({ userId }: { userId: string }) {
  const posts = useCursorList(userId, fetchPosts);
  const comments = useCursorList(userId, fetchComments);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <ActivityList
        title="Posts"
        list={posts}
        empty={POSTS_ACTIVITY_EMPTY}
        renderItem={(post) => <PostRow post={post} />}
      />
      <ActivityList
        title="Comments"
        list={comments}
        empty={COMMENTS_ACTIVITY_EMPTY}
        renderItem={(comment) => <CommentRow comment={comment} />}
      />
    </div>
  );
}

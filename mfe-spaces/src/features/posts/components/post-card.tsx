// One post on a wall: author and time, title, rich content clamped with Read more, attachments, up to
// 3 tags (a click filters the wall by it), the like button with its count, the comments count (opens
// the comments dialog), and the author's or a moderator's menu (Edit, Delete).

import { relativeTime } from '@community/api-client';
import { POST_TAGS_MAX } from '@community/domain';
import { Avatar, Badge, Button, icons, Menu, openModal } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { fullName } from '../../../lib/format.ts';
import { MoreVertical, Pencil, Trash } from '../../../lib/icons.tsx';
import type { Post } from '../api/types.ts';
import { plainText, RichText } from '../lib/rich-text.tsx';
import { AttachmentCard } from './attachments/index.ts';

/** Content taller than this is clamped, with a Read more button. */
const CLAMP_HEIGHT_PX = 240;
/** Where the height cannot be measured (tests, print), a long text counts as clamped. */
const CLAMP_CHARS = 600;

const cardClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '4',
  bg: 'bg.default',
  borderWidth: '1px',
  borderRadius: 'l3',
  '&[data-scheduled]': { borderStyle: 'dashed', borderColor: 'accent.default' },
});

const clampClass = css({
  position: 'relative',
  overflow: 'hidden',
  textStyle: 'sm',
  '&[data-clamped]::after': {
    content: '""',
    position: 'absolute',
    insetX: '0',
    bottom: '0',
    h: '12',
    bgGradient: 'to-b',
    gradientFrom: 'transparent',
    gradientTo: 'bg.default',
  },
});

const chipClass = css({ cursor: 'pointer', _hover: { textDecoration: 'underline' } });

export type PostCardProps = {
  post: Post;
  canEdit: boolean;
  canDelete: boolean;
  /**
   * Like and Comments need the `posts` feature: without it (Home, read with `livewall` alone) the card
   * is read-only and has neither (docs/features.md).
   */
  canLike: boolean;
  /** Opens the post's comments dialog (the wall's, lib/comments-link.ts: also in the address). */
  onComments: (id: string) => void;
  /** The space's name, shown on the community wall. */
  spaceName?: string | undefined;
  onToggleLike: (id: string) => void;
  onTag: (tag: string) => void;
};

function useClamped(content: unknown) {
  const box = useRef<HTMLDivElement>(null);
  const [clamped, setClamped] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measured = element.scrollHeight > 0;
    setClamped(
      measured ? element.scrollHeight > CLAMP_HEIGHT_PX + 1 : plainText(content).length > CLAMP_CHARS,
    );
  }, [content]);
  return { box, clamped };
}

/** "1 like", "3 likes". */
function countOf(count: number, noun: string) {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

export const PostCard = memo(function PostCard({
  post,
  canEdit,
  canDelete,
  canLike,
  onComments,
  spaceName,
  onToggleLike,
  onTag,
}: PostCardProps) {
  const name = fullName(post.author);
  const { box, clamped } = useClamped(post.content);
  const when = post.scheduled && post.scheduledAt ? post.scheduledAt : post.publishedAt;
  const openComments = () => onComments(post.id);

  return (
    <article
      className={cardClass}
      aria-labelledby={`post-${post.id}-author`}
      data-post-id={post.id}
      data-scheduled={post.scheduled || undefined}
    >
      <header className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
        <Avatar name={name} src={post.author.imageUrl} size="sm" />
        <div className={css({ flex: '1', minW: '0' })}>
          <div id={`post-${post.id}-author`} className={css({ fontWeight: 'semibold', textStyle: 'sm' })}>
            {name}
          </div>
          <div
            className={css({
              display: 'flex',
              gap: '2',
              alignItems: 'center',
              textStyle: 'xs',
              color: 'fg.subtle',
            })}
          >
            <time dateTime={when} title={new Date(when).toLocaleString()}>
              {relativeTime(when)}
            </time>
            {spaceName ? <span>· {spaceName}</span> : null}
            {post.scheduled ? (
              <Badge variant="outline" className={css({ gap: '1' })}>
                <icons.Clock aria-hidden="true" className={css({ w: '3', h: '3' })} />
                Scheduled
              </Badge>
            ) : null}
          </div>
        </div>
        {canEdit || canDelete ? (
          <Menu.Root positioning={{ placement: 'bottom-end' }}>
            <Menu.Trigger asChild>
              <Button variant="ghost" size="icon" aria-label="Post actions">
                <MoreVertical />
              </Button>
            </Menu.Trigger>
            <Menu.Content>
              {canEdit ? (
                <Menu.Item
                  value="edit"
                  icon={<Pencil />}
                  onSelect={() => openModal('editPost', { postId: post.id })}
                >
                  Edit
                </Menu.Item>
              ) : null}
              {canDelete ? (
                <Menu.Item
                  value="delete"
                  tone="danger"
                  icon={<Trash />}
                  onSelect={() => openModal('deleteConfirm', { postId: post.id })}
                >
                  Delete
                </Menu.Item>
              ) : null}
            </Menu.Content>
          </Menu.Root>
        ) : null}
      </header>

      {post.title ? <h3 className={css({ textStyle: 'lg', fontWeight: 'semibold' })}>{post.title}</h3> : null}

      <div
        ref={box}
        className={clampClass}
        style={{ maxHeight: CLAMP_HEIGHT_PX }}
        data-clamped={clamped || undefined}
      >
        <RichText content={post.content} />
      </div>
      {clamped ? (
        <Button
          variant="link"
          size="sm"
          className={css({ alignSelf: 'flex-start' })}
          onClick={() => openModal('readMore', { postId: post.id })}
        >
          Read more
        </Button>
      ) : null}

      {post.attachments.length > 0 ? (
        <ul aria-label="Attachments" className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {post.attachments.map((attachment) => (
            <li key={attachment.id}>
              <AttachmentCard attachment={attachment} />
            </li>
          ))}
        </ul>
      ) : null}

      {post.tags.length > 0 ? (
        <ul aria-label="Tags" className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })}>
          {post.tags.slice(0, POST_TAGS_MAX).map((tag) => (
            <li key={tag}>
              <button
                type="button"
                className={chipClass}
                onClick={() => onTag(tag)}
                aria-label={`Filter by #${tag}`}
              >
                <Badge>#{tag}</Badge>
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {canLike ? (
        <footer
          className={css({ display: 'flex', alignItems: 'center', gap: '2', borderTopWidth: '1px', pt: '2' })}
        >
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={post.likedByMe}
            // The visible count is part of the name (WCAG 2.5.3 label in name): "Like, 3 likes".
            aria-label={`${post.likedByMe ? 'Unlike' : 'Like'}, ${countOf(post.likes, 'like')}`}
            onClick={() => onToggleLike(post.id)}
            disabled={post.scheduled}
            className={css({ '&[aria-pressed=true]': { color: 'danger.text' } })}
          >
            <icons.Heart fill={post.likedByMe ? 'currentColor' : 'none'} />
            <span data-testid="likes">{post.likes}</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={openComments}
            disabled={post.scheduled}
            aria-label={`Comments, ${countOf(post.commentsCount, 'comment')}`}
          >
            <icons.MessageCircle />
            <span data-testid="comments-count">{post.commentsCount}</span>
          </Button>
        </footer>
      ) : null}
    </article>
  );
});

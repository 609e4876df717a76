// The member's new posts that the server has not taken yet, on top of the wall they were written for
// (all of them on the community wall): "Not sent yet" while the outbox keeps sending them, or the
// server's refusal with Retry and Discard. They turn into ordinary cards when they go out.
import { NOT_SENT_YET } from '@community/domain';
import { Avatar, Button, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { fullName } from '../../../lib/format.ts';
import type { Post } from '../api/types.ts';
import { RichText } from '../lib/rich-text.tsx';
import { discardPost, retryPost, useUnsentPosts } from '../lib/unsent-posts.ts';

export function UnsentPostsList({ spaceId }: { spaceId: string | null }) {
  const items = useUnsentPosts(spaceId);
  const me = useCurrentUser();
  if (items.length === 0 || !me) return null;
  const name = fullName(me);
  return (
    <ol aria-label="Unsent posts" className={css({ display: 'grid', gap: '4' })}>
      {[...items].reverse().map((item) => (
        <li
          key={item.clientKey}
          data-unsent-post={item.clientKey}
          className={css({
            p: '4',
            borderWidth: '1px',
            borderStyle: 'dashed',
            borderRadius: 'l3',
            display: 'grid',
            gap: '2',
            opacity: 0.85,
          })}
        >
          <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
            <Avatar name={name} src={me.imageUrl} size="sm" />
            <span className={css({ fontWeight: 'semibold', textStyle: 'sm' })}>{name}</span>
            {item.refusal === null ? (
              <span
                role="status"
                className={css({
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: '1',
                  textStyle: 'xs',
                  color: 'fg.subtle',
                })}
              >
                <icons.AlertTriangle className={css({ w: '3.5', h: '3.5' })} />
                {NOT_SENT_YET}
              </span>
            ) : (
              <>
                <span role="alert" className={css({ textStyle: 'xs', color: 'danger.text' })}>
                  Not sent: {item.refusal}
                </span>
                <Button size="xs" variant="outline" onClick={() => retryPost(item.clientKey)}>
                  Retry
                </Button>
                <Button size="xs" variant="ghost" onClick={() => discardPost(item.clientKey)}>
                  Discard
                </Button>
              </>
            )}
          </div>
          {item.payload.title ? (
            <h3 className={css({ fontWeight: 'semibold' })}>{item.payload.title}</h3>
          ) : null}
          <RichText content={item.payload.content as Post['content']} className={css({ textStyle: 'sm' })} />
        </li>
      ))}
    </ol>
  );
}

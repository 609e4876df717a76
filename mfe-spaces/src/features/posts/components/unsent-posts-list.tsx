import { Avatar } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { fullName } from '../../../lib/format.ts';
import type { Post } from '../api/types.ts';
import { RichText } from '../lib/rich-text.tsx';
import { discardPost, retryPost, useUnsentPosts } from '../lib/unsent-posts.ts';
import { UnsentState } from './unsent-state.tsx';

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
            <UnsentState
              item={item}
              onRetry={() => retryPost(item.clientKey)}
              onDiscard={() => discardPost(item.clientKey)}
            />
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

// The readMore modal: a post's whole content, when its card shows only the start of it.

import { relativeTime } from '@community/api-client';
import { closeModal, Dialog } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { fullName } from '../../../lib/format.ts';
import { RichText } from '../lib/rich-text.tsx';
import { AttachmentCard } from './attachments/index.ts';
import { usePost } from './comments-dialog.tsx';

export function ReadMoreDialog({ postId }: { postId: string }) {
  const state = usePost(postId);
  if (state.status !== 'ready') return null;
  const { post } = state;
  return (
    <Dialog.Root open size="lg" onOpenChange={(details) => (details.open ? undefined : closeModal())}>
      <Dialog.Popup>
        <Dialog.CloseButton />
        <Dialog.Header>
          <Dialog.Title>{post.title || fullName(post.author)}</Dialog.Title>
          <Dialog.Description>
            {post.title ? `${fullName(post.author)} · ` : ''}
            {relativeTime(post.publishedAt)}
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body className={css({ display: 'grid', gap: '4' })}>
          <RichText content={post.content} className={css({ textStyle: 'sm' })} />
          {post.attachments.length > 0 ? (
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
              {post.attachments.map((attachment) => (
                <AttachmentCard key={attachment.id} attachment={attachment} />
              ))}
            </div>
          ) : null}
        </Dialog.Body>
      </Dialog.Popup>
    </Dialog.Root>
  );
}

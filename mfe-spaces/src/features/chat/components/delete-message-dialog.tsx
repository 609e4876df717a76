// The deleteMessage dialog, for a space's message or a direct message: confirms, deletes through the
// API, and takes the message off the open chat at once (other readers see it go through the room's
// message.deleted / dm.deleted).
import { referenceOf } from '@community/api-client';
import { Button, closeModal, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useState } from 'react';
import { serverMessage } from '../../../lib/error-message.ts';
import { ModalFrame } from '../../../lib/modal-frame.tsx';
import { deleteDirectMessage } from '../../conversations/api/conversations-api.ts';
import { conversationChannelKey } from '../../conversations/lib/conversation-channel.ts';
import { deleteMessage } from '../api/messages-api.ts';
import { openChatOf, spaceChannelKey } from '../lib/chat-channel.ts';

export const MESSAGE_DELETE_FAILED = 'Failed to delete message'; // ours

/** A message of a space, or of a direct conversation. */
export type DeleteMessageDialogProps = (
  | { spaceId: string; conversationId?: undefined }
  | { conversationId: string; spaceId?: undefined }
) & { messageId: string; preview?: string | undefined };

export function DeleteMessageDialog({
  spaceId,
  conversationId,
  messageId,
  preview,
}: DeleteMessageDialogProps) {
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    try {
      if (conversationId !== undefined) {
        await deleteDirectMessage(conversationId, messageId);
        openChatOf(conversationChannelKey(conversationId))?.applyDeleted(messageId);
      } else {
        await deleteMessage(spaceId, messageId);
        openChatOf(spaceChannelKey(spaceId))?.applyDeleted(messageId);
      }
      closeModal();
    } catch (error) {
      console.error('[chat] delete', error);
      toast.error(MESSAGE_DELETE_FAILED, serverMessage(error), { reference: referenceOf(error) });
      setDeleting(false);
    }
  }

  return (
    <ModalFrame
      title="Delete message"
      description={`This message will be removed for everyone in the ${conversationId ? 'conversation' : 'space'}.`}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={closeModal} disabled={deleting}>
            Cancel
          </Button>
          <Button className={css({ colorPalette: 'danger' })} loading={deleting} onClick={confirm}>
            Delete
          </Button>
        </>
      }
    >
      {preview ? (
        <blockquote
          className={css({
            px: '3',
            py: '2',
            borderStartWidth: '3px',
            borderColor: 'border.emphasized',
            bg: 'bg.subtle',
            textStyle: 'sm',
            color: 'fg.muted',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            lineClamp: 4,
          })}
        >
          {preview}
        </blockquote>
      ) : null}
    </ModalFrame>
  );
}

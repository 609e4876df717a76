// A message's attachment, drawn by the posts' AttachmentCard so chat and walls show every kind the same
// way (image, video, audio, file, link, and "The file is not supported." otherwise), with "Go to
// message" in its context menu (spec section 2, attachment cards).
import type { ChatAttachment } from '@community/domain';
import { AttachmentCard } from '../../posts/components/attachments/index.ts';

export type AttachmentViewProps = {
  attachment: ChatAttachment;
  onGoToMessage: () => void;
};

export function AttachmentView({ attachment, onGoToMessage }: AttachmentViewProps) {
  return <AttachmentCard attachment={attachment} onGoToMessage={onGoToMessage} />;
}

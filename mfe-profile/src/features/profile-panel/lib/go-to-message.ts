// Where "Go to message" takes an attachment (docs: issue #11 API contract): a post opens its comments
// on the space page, a space chat message opens the chat at it, a direct message opens the
// conversation with the other member at it. Both chats read `?searchCursor={seq}`.
import type { MediaSource } from '@community/domain';

export function messageHref(source: MediaSource): string {
  switch (source.kind) {
    case 'post':
      return `/spaces/${encodeURIComponent(source.spaceId)}?postId=${encodeURIComponent(source.postId)}`;
    case 'chat':
      return `/spaces/${encodeURIComponent(source.spaceId)}?searchCursor=${source.seq}`;
    case 'dm':
      return `/community/conversations/${encodeURIComponent(source.otherUserId)}?searchCursor=${source.seq}`;
  }
}

/** A post or comment from the activity tab: the post's comments on its space page. */
export const postHref = (spaceId: string, postId: string) =>
  `/spaces/${encodeURIComponent(spaceId)}?postId=${encodeURIComponent(postId)}`;

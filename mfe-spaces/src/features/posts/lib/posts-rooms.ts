// The posts rooms as the wall and the comments dialog hear them: the page's one socket per space
// (@community/api-client, shared with the event pages of the space), narrowed to post and comment
// events.
import {
  listenToPostsRoom as listenToRoom,
  type PostsRoomListener as RoomListener,
} from '@community/api-client';
import type { ServerEvent } from '@community/realtime-protocol';

export { type RoomConnector, setRoomConnector } from '@community/api-client';

export type PostsRoomEvent = Extract<ServerEvent, { type: `post.${string}` } | { type: `comment.${string}` }>;

export type PostsRoomListener = RoomListener<PostsRoomEvent>;

const isPostsEvent = (event: ServerEvent): event is PostsRoomEvent =>
  event.type.startsWith('post.') || event.type.startsWith('comment.');

/** Listens to a space's posts room (its post and comment events) until the returned function is called. */
export function listenToPostsRoom(spaceId: string, listener: PostsRoomListener): () => void {
  return listenToRoom(spaceId, {
    ...listener,
    onEvent: (event) => {
      if (isPostsEvent(event)) listener.onEvent(event);
    },
  });
}

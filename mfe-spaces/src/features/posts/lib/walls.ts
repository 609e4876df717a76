// The walls open on the page, so a dialog (delete, edit, new post) can update them at once rather
// than wait for the room's echo, and a dialog opened from a card (read more, comments) finds the post
// it was opened for without fetching it again.
import type { Post } from '../api/types.ts';
import type { WallStore } from './wall-store.ts';

const openWalls = new Set<WallStore>();

export function registerWall(wall: WallStore): () => void {
  openWalls.add(wall);
  return () => openWalls.delete(wall);
}

/** A post was created, edited or published here: every open wall that shows its space takes it. */
export function postSaved(post: Post): void {
  for (const wall of openWalls) wall.upsert(post);
}

/** A post was deleted here. */
export function postDeleted(id: string): void {
  for (const wall of openWalls) wall.remove(id);
}

/** The post as an open wall holds it, if one does. */
export function findOpenPost(id: string): Post | undefined {
  for (const wall of openWalls) {
    const post = wall.find(id);
    if (post) return post;
  }
  return undefined;
}

/** A comment was added or removed here: the walls show the new count at once. */
export function commentsCounted(postId: string, commentsCount: number): void {
  for (const wall of openWalls) wall.setCommentsCount(postId, commentsCount);
}

// Posts and comments as the API answers them, for the wall's tests.
import type { Post, PostComment } from './api/types.ts';

export const ME = {
  id: 'me',
  role: 'USER' as const,
  features: [{ feature: 'posts' as const, enabled: true }],
};

const person = (id: string, firstName: string) => ({ id, firstName, lastName: 'Tester', imageUrl: null });

const text = (value: string) => ({
  root: {
    type: 'root',
    children: [{ type: 'paragraph', children: [{ type: 'text', text: value, format: 0 }] }],
  },
});

export function makePost(id: string, overrides: Partial<Post> = {}): Post {
  const at = overrides.publishedAt ?? '2026-11-20T10:00:00.000Z';
  return {
    id,
    spaceId: 's1',
    title: `Post ${id}`,
    content: text(`Body of ${id}`),
    tags: [],
    scheduledAt: null,
    publishedAt: at,
    createdAt: at,
    updatedAt: at,
    scheduled: false,
    author: person('u-ada', 'Ada'),
    attachments: [],
    likes: 0,
    likedByMe: false,
    commentsCount: 0,
    ...overrides,
  };
}

export function makeComment(
  id: string,
  createdAt: string,
  overrides: Partial<PostComment> = {},
): PostComment {
  return {
    id,
    postId: 'p1',
    content: text(`Comment ${id}`),
    imageUrl: null,
    createdAt,
    user: person('u-bob', 'Bob'),
    ...overrides,
  };
}

/** A promise with its resolve and reject, to answer a call when the test says so. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

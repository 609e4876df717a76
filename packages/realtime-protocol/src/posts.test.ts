import { describe, expect, it } from 'vitest';
import { RoomCommand, ServerEvent } from './messages.ts';
import type { PostPayload } from './posts.ts';

const now = '2026-11-23T17:00:00.000Z';
const person = { id: 'u1', firstName: 'Ada', lastName: 'Lovelace', imageUrl: null };
const post: PostPayload = {
  id: 'p1',
  spaceId: 's1',
  title: null,
  content: { root: { type: 'root', children: [] } },
  tags: ['news'],
  scheduledAt: null,
  publishedAt: now,
  createdAt: now,
  updatedAt: now,
  scheduled: false,
  author: person,
  attachments: [{ id: 'a1', name: 'a.png', url: 'https://example.com/a.png', type: 'img', createdAt: now }],
  likes: 0,
  likedByMe: false,
  commentsCount: 0,
};
const comment = { id: 'c1', postId: 'p1', content: {}, imageUrl: null, createdAt: now, user: person };

describe('posts room events', () => {
  it('parses every post and comment event', () => {
    for (const event of [
      { type: 'post.created', post },
      { type: 'post.updated', post },
      { type: 'post.deleted', id: 'p1', spaceId: 's1' },
      { type: 'post.liked', id: 'p1', likes: 2 },
      { type: 'comment.created', postId: 'p1', comment, commentsCount: 1 },
      { type: 'comment.deleted', postId: 'p1', id: 'c1', commentsCount: 0 },
    ]) {
      expect(ServerEvent.parse(event)).toEqual(event);
    }
  });

  it('refuses a post without its counts or with an unknown attachment type', () => {
    const { likes: _likes, ...withoutLikes } = post;
    expect(ServerEvent.safeParse({ type: 'post.created', post: withoutLikes }).success).toBe(false);
    const odd = { ...post, attachments: [{ ...post.attachments[0], type: 'exe' }] };
    expect(ServerEvent.safeParse({ type: 'post.updated', post: odd }).success).toBe(false);
  });
});

describe('schedule commands', () => {
  it('carry an id, a time and an event; unschedule only an id', () => {
    const schedule = {
      action: 'schedule',
      id: 'p1',
      at: 1_800_000_000_000,
      event: { type: 'post.created', post },
    };
    expect(RoomCommand.parse(schedule)).toEqual(schedule);
    expect(RoomCommand.parse({ action: 'unschedule', id: 'p1' })).toEqual({ action: 'unschedule', id: 'p1' });
    expect(RoomCommand.safeParse({ ...schedule, at: 'soon' }).success).toBe(false);
    expect(RoomCommand.safeParse({ ...schedule, id: '' }).success).toBe(false);
    expect(RoomCommand.safeParse({ ...schedule, event: { type: 'post.exploded' } }).success).toBe(false);
  });
});

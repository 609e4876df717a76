// Comments over real HTTP: who may comment and delete, the spec's "Comment is empty", idempotent
// creation by client key, the post's comment count kept with each write, and pages newest first.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Answer,
  call,
  type Session,
  TINY_PNG,
  unique,
  uploadFile,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';
import { castAWall, doc, ok, paragraph, refillWriteBuckets, text, type Who } from './wall-cast.ts';

let as: Record<Who, Session>;
let spaceId: string;
let publicSpaceId: string;

beforeAll(async () => {
  ({ as, spaceId, publicSpaceId } = await castAWall('Comments'));
});
beforeEach(() => refillWriteBuckets(as));

const said = (value: string) => doc(paragraph(text(value)));

const newPost = async (space = spaceId, who: Session = as.author) =>
  (
    await ok(
      call('/api/socket/posts', {
        method: 'POST',
        token: who.token,
        body: { spaceId: space, content: said('A post to comment on'), clientKey: `key-${unique()}` },
      }),
      201,
    )
  ).post as { id: string };

const comment = (postId: string, who: Session, body: Record<string, unknown> = {}) =>
  call(`/api/socket/posts/comments/${postId}`, {
    method: 'POST',
    token: who.token,
    body: { content: said('Nice one'), clientKey: `key-${unique()}`, ...body },
  });

const commentsCount = async (postId: string) =>
  (await ok(call(`/api/posts/${postId}`, { token: as.author.token }), 200)).post.commentsCount as number;

describe('who may comment', () => {
  it('lets the space’s members comment, and nobody else', async () => {
    const post = await newPost();
    for (const who of ['author', 'member', 'moderator', 'spaceAdmin'] as const) {
      expect((await comment(post.id, as[who])).status, who).toBe(201);
    }
    // The post is not theirs to see: as if it did not exist.
    for (const who of ['outsider', 'communityAdmin'] as const) {
      expect(await comment(post.id, as[who], { content: 42 }), who).toMatchObject({
        status: 404,
        body: { error: 'Post not found' },
      });
    }
    const noFeature = await comment(post.id, as.noPosts, { content: 42 });
    expect(noFeature.status).toBe(403);
    expect(noFeature.body.issues).toBeUndefined();
    expect(await commentsCount(post.id)).toBe(4);
  });

  it('lets readers of a public space read the comments but not write one', async () => {
    const post = await newPost(publicSpaceId, as.spaceAdmin);
    expect((await comment(post.id, as.spaceAdmin)).status).toBe(201);
    expect((await call(`/api/posts/${post.id}/comments`, { token: as.outsider.token })).status).toBe(200);
    const refused = await comment(post.id, as.outsider, { content: 42 });
    expect(refused.status).toBe(403);
    expect(refused.body.issues).toBeUndefined();
  });
});

describe('a comment', () => {
  it('refuses an empty comment with the spec’s words', async () => {
    const post = await newPost();
    const answer = await comment(post.id, as.member, { content: doc({ type: 'paragraph', children: [] }) });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        error: 'Comment is empty',
        issues: [{ path: 'content', message: 'Please type something or attach a file' }],
      },
    });
  });

  it('may be only an image, and refuses content outside the allow-list', async () => {
    const post = await newPost();
    // The member's own upload (an outside address is refused: own-media.test.ts).
    const uploaded = await uploadFile(as.member, 'postsComments', TINY_PNG, 'a.png');
    expect(uploaded.status).toBe(201);
    const image = await comment(post.id, as.member, {
      content: doc({ type: 'paragraph', children: [] }),
      imageUrl: uploaded.body.url,
    });
    expect(image.status).toBe(201);
    expect(image.body.comment).toMatchObject({ postId: post.id, imageUrl: uploaded.body.url });
    const script = await comment(post.id, as.member, {
      content: doc({
        type: 'paragraph',
        children: [{ type: 'link', url: 'javascript:alert(1)', children: [text('x')] }],
      }),
    });
    expect(script.body.error).toBe('Links must start with http://, https:// or mailto:');
  });

  it('is added once per client key, and the post counts it once', async () => {
    const post = await newPost();
    const clientKey = `key-${unique()}`;
    const first = await comment(post.id, as.member, { clientKey });
    const again = await comment(post.id, as.member, { clientKey });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.comment.id).toBe(first.body.comment.id);
    expect(first.body.comment).toMatchObject({
      postId: post.id,
      content: said('Nice one'),
      imageUrl: null,
      user: { id: as.member.user.id, firstName: as.member.user.firstName },
    });
    expect(await commentsCount(post.id)).toBe(1);
  });
});

describe('deleting a comment', () => {
  it('is for its writer, the space’s moderator and admin, and community admins', async () => {
    const post = await newPost();
    const byMember = async () => (await ok(comment(post.id, as.member), 201)).comment.id as string;
    const remove = (id: string, who: Session) =>
      call(`/api/socket/posts/comments/${post.id}/${id}`, { method: 'DELETE', token: who.token });

    const target = await byMember();
    expect((await remove(target, as.author)).status).toBe(403); // the post's author is not a moderator
    expect((await remove(target, as.noPosts)).status).toBe(403);
    expect((await remove(target, as.outsider)).status).toBe(404);
    for (const who of ['member', 'moderator', 'spaceAdmin', 'communityAdmin'] as const) {
      const id = await byMember();
      expect(await remove(id, as[who]), who).toMatchObject({ status: 200, body: { id } });
    }
    expect(await commentsCount(post.id)).toBe(1);
    expect((await remove(target, as.member)).status).toBe(200);
    expect(await commentsCount(post.id)).toBe(0);
    expect((await remove(target, as.member)).status).toBe(404);
  });
});

describe('the comments list', () => {
  it('pages newest first until nextCursor is null, without repeats', async () => {
    const post = await newPost();
    // Written straight into the table, a minute apart (the write limits are for people).
    const ids = await withDatabase(async (db) => {
      const made: string[] = [];
      for (let i = 0; i < 7; i++) {
        const row = await db.query(
          `insert into comments (post_id, user_id, content, created_at)
           values ($1, $2, $3, now() - ($4 || ' minutes')::interval) returning id`,
          [post.id, as.member.user.id, JSON.stringify(said(`Comment ${i}`)), String(i)],
        );
        made.push(row.rows[0].id);
      }
      return made;
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: Answer = await call(
        `/api/posts/${post.id}/comments?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        {
          token: as.moderator.token,
        },
      );
      expect(answer.status).toBe(200);
      seen.push(...answer.body.items.map((c: { id: string }) => c.id));
      cursor = answer.body.nextCursor;
      pages++;
    } while (cursor);
    expect(seen).toEqual(ids);
    expect(pages).toBe(3);
  });
});

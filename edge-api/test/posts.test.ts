// Posts over real HTTP against the running stack: who may write, edit, delete and like (the role ×
// action matrix of a private space's wall), the spec's validation texts, the rich-text allow-list,
// scheduled posts, idempotent creation, counts, notifications and the statement budget of a page.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openRoom } from '../../realtime/test/socket-client.ts';
import {
  type Answer,
  call,
  type Session,
  statementsFor,
  statementsSent,
  TINY_PNG,
  unique,
  uploadFile,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';
import { ATTACH_OWN_UPLOADS } from '../src/services/uploads.ts';
import {
  addToSpace,
  castAWall,
  doc,
  ok,
  paragraph,
  refillWriteBuckets,
  text,
  type Who,
} from './wall-cast.ts';

const hello = (value = 'Hello wall') => doc(paragraph(text(value)));

let as: Record<Who, Session>;
let spaceId: string;
let publicSpaceId: string;

beforeAll(async () => {
  ({ as, spaceId, publicSpaceId } = await castAWall('Wall'));
});
beforeEach(() => refillWriteBuckets(as));

const createPost = (who: Session, body: Record<string, unknown>) =>
  call('/api/socket/posts', {
    method: 'POST',
    token: who.token,
    body: { spaceId, content: hello(), clientKey: `key-${unique()}`, ...body },
  });

const newPost = async (who: Session = as.author, body: Record<string, unknown> = {}) =>
  (await ok(createPost(who, body), 201)).post;

describe('write limits', () => {
  it('lets an author post 10 at once, then answers 429 with Retry-After', async () => {
    for (let i = 0; i < 10; i++) expect((await createPost(as.member, {})).status).toBe(201);
    const answer = await createPost(as.member, {});
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe('who may do what on a private space’s wall', () => {
  it('lets members post, and refuses outsiders, community admins who are not members and members without the posts feature', async () => {
    expect((await createPost(as.author, {})).status).toBe(201);
    expect((await createPost(as.member, {})).status).toBe(201);
    for (const who of ['outsider', 'communityAdmin', 'noPosts'] as const) {
      const answer = await createPost(as[who], { content: 'not even a document' });
      expect(answer.status, who).toBe(403);
      expect(answer.body.issues, who).toBeUndefined();
    }
  });

  it('lets readers read a post and hides it (404) from everyone else', async () => {
    const post = await newPost();
    for (const who of ['author', 'member', 'moderator', 'spaceAdmin'] as const) {
      const answer = await call(`/api/posts/${post.id}`, { token: as[who].token });
      expect(answer.status, who).toBe(200);
      expect(answer.body.post.id).toBe(post.id);
    }
    // A member without the posts feature reads no post of a space (docs/features.md).
    expect(await call(`/api/posts/${post.id}`, { token: as.noPosts.token })).toMatchObject({
      status: 403,
      body: { error: 'The posts feature is not enabled for your account.' },
    });
    for (const who of ['outsider', 'communityAdmin'] as const) {
      expect(await call(`/api/posts/${post.id}`, { token: as[who].token }), who).toMatchObject({
        status: 404,
        body: { error: 'Post not found' },
      });
    }
    const wall = await call(`/api/posts?spaceId=${spaceId}&sortBy=nonsense`, { token: as.outsider.token });
    expect(wall.status).toBe(403);
  });

  it('lets only the author edit, before the body is read', async () => {
    const post = await newPost();
    for (const who of ['member', 'moderator', 'spaceAdmin'] as const) {
      const answer = await call(`/api/socket/posts/${post.id}`, {
        method: 'PUT',
        token: as[who].token,
        body: 42,
      });
      expect(answer.status, who).toBe(403);
      expect(answer.body.issues).toBeUndefined();
    }
    const edited = await call(`/api/socket/posts/${post.id}`, {
      method: 'PUT',
      token: as.author.token,
      body: { id: post.id, title: 'Edited', content: hello('Edited text'), tags: ['big news'] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.post).toMatchObject({ id: post.id, title: 'Edited', tags: ['big_news'] });
    expect(edited.body.post.content).toEqual(hello('Edited text'));
    const again = await call(`/api/socket/posts/${post.id}`, {
      method: 'PUT',
      token: as.author.token,
      body: { content: hello('Only the text changes') },
    });
    expect(again.body.post).toMatchObject({ title: 'Edited', tags: ['big_news'] });
  });

  it('lets the author, the space’s moderator and admin and community admins delete; not other members', async () => {
    for (const who of ['member', 'noPosts'] as const) {
      const post = await newPost();
      expect(
        (await call(`/api/socket/posts/${post.id}`, { method: 'DELETE', token: as[who].token })).status,
      ).toBe(403);
    }
    const post = await newPost();
    expect(
      (await call(`/api/socket/posts/${post.id}`, { method: 'DELETE', token: as.outsider.token })).status,
    ).toBe(404);
    for (const who of ['author', 'moderator', 'spaceAdmin', 'communityAdmin'] as const) {
      const target = await newPost(as.member);
      const remover = who === 'author' ? as.member : as[who];
      const answer = await call(`/api/socket/posts/${target.id}`, { method: 'DELETE', token: remover.token });
      expect(answer, who).toMatchObject({ status: 200, body: { id: target.id } });
      expect((await call(`/api/posts/${target.id}`, { token: as.member.token })).status).toBe(404);
    }
  });

  it('lets readers like (once each) and refuses likes from outsiders and members without the feature', async () => {
    const post = await newPost();
    const like = (who: Who, method = 'PUT') =>
      call(`/api/socket/posts/${post.id}/like`, { method, token: as[who].token });
    expect(await like('member')).toMatchObject({
      status: 200,
      body: { id: post.id, likes: 1, likedByMe: true },
    });
    expect(await like('member')).toMatchObject({ status: 200, body: { likes: 1, likedByMe: true } });
    expect(await like('moderator')).toMatchObject({ status: 200, body: { likes: 2 } });
    expect((await like('outsider')).status).toBe(404);
    expect((await like('noPosts')).status).toBe(403);
    expect(await like('member', 'DELETE')).toMatchObject({
      status: 200,
      body: { likes: 1, likedByMe: false },
    });
    expect(await like('member', 'DELETE')).toMatchObject({
      status: 200,
      body: { likes: 1, likedByMe: false },
    });
    const read = await call(`/api/posts/${post.id}`, { token: as.moderator.token });
    expect(read.body.post).toMatchObject({ likes: 1, likedByMe: true });
  });

  it('lets a reader of a public space like but not post (writing is for members)', async () => {
    const post = (
      await ok(
        call('/api/socket/posts', {
          method: 'POST',
          token: as.spaceAdmin.token,
          body: { spaceId: publicSpaceId, content: hello(), clientKey: `key-${unique()}` },
        }),
        201,
      )
    ).post;
    expect(
      (await call(`/api/socket/posts/${post.id}/like`, { method: 'PUT', token: as.outsider.token })).status,
    ).toBe(200);
    const answer = await call('/api/socket/posts', {
      method: 'POST',
      token: as.outsider.token,
      body: { spaceId: publicSpaceId, content: hello(), clientKey: `key-${unique()}` },
    });
    expect(answer.status).toBe(403);
  });
});

describe('validation with the spec’s words', () => {
  it('refuses an empty post: "Post is empty" with the hint on content', async () => {
    const answer = await createPost(as.author, { content: doc(paragraph(text('   '))) });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: 'Post is empty',
      issues: [{ path: 'content', message: 'Please type something or attach a file' }],
    });
  });

  it('accepts a post with only an attachment', async () => {
    const post = await newPost(as.author, {
      content: doc(paragraph()),
      attachments: [{ name: 'Docs', url: 'https://docs.example.org/guide', type: 'a' }],
    });
    expect(post.attachments).toMatchObject([
      { name: 'Docs', url: 'https://docs.example.org/guide', type: 'a' },
    ]);
  });

  it('drops the # typed before a tag, in a post and in the wall filter', async () => {
    const tag = `third${unique()}`.toLowerCase();
    const post = await newPost(as.author, { tags: [`#${tag}`, `##${tag}`] });
    expect(post.tags).toEqual([tag]);
    const filtered = await call(`/api/posts?spaceId=${spaceId}&tags=${encodeURIComponent(`#${tag}`)}`, {
      token: as.member.token,
    });
    expect(filtered.body.items.map((p: { id: string }) => p.id)).toEqual([post.id]);
  });

  it('normalises tags (spaces to underscores, duplicates dropped) and refuses a fourth', async () => {
    const post = await newPost(as.author, { tags: ['web design', 'web_design', ' news ', 'events'] });
    expect([...post.tags].sort()).toEqual(['events', 'news', 'web_design']);
    const answer = await createPost(as.author, { tags: ['a', 'b', 'c', 'd'] });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([{ path: 'tags', message: 'You can add up to 3 tags' }]);
  });

  it('refuses a schedule time in the past and more than 10 attachments (the dropzone’s words)', async () => {
    const past = await createPost(as.author, { scheduledAt: new Date(Date.now() - 3_600_000).toISOString() });
    expect(past.body.issues).toEqual([{ path: 'scheduledAt', message: 'Please select a valid date' }]);
    const files = Array.from({ length: 11 }, (_, i) => ({
      name: `${i}.png`,
      url: `https://a.example/${i}.png`,
      type: 'img',
    }));
    const many = await createPost(as.author, { attachments: files });
    expect(many.body.issues).toEqual([{ path: 'attachments', message: 'You can only add 10 file(s).' }]);
  });
});

describe('attached files', () => {
  it("takes an image only as the author's own upload: not an outside address, not another member's file", async () => {
    const outside = await createPost(as.author, {
      attachments: [{ name: 'pixel.png', url: 'https://tracker.example/pixel.png', type: 'img' }],
    });
    expect(outside.status).toBe(400);
    expect(outside.body.issues).toEqual([{ path: 'attachments.0.url', message: ATTACH_OWN_UPLOADS }]);

    const uploaded = await uploadFile(as.author, 'posts', TINY_PNG, 'dot.png');
    expect(uploaded.status).toBe(201);
    const file = { name: 'dot.png', url: uploaded.body.url, type: 'img' };
    const borrowed = await createPost(as.member, { attachments: [file] });
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.issues).toEqual([{ path: 'attachments.0.url', message: ATTACH_OWN_UPLOADS }]);

    const post = await newPost(as.author, { attachments: [file] });
    expect(post.attachments).toMatchObject([{ name: 'dot.png', url: uploaded.body.url, type: 'img' }]);
  });
});

describe('rich text allow-list', () => {
  const refused = async (content: unknown) => {
    const answer = await createPost(as.author, { content });
    expect(answer.status).toBe(400);
    return answer.body as { error: string; issues: { path: string; message: string }[] };
  };

  it('keeps headings, quotes, lists, links and formats as sent', async () => {
    const content = doc(
      { type: 'heading', tag: 'h2', children: [text('Title')] },
      { type: 'quote', children: [{ ...text('bold italic'), format: 3 }] },
      {
        type: 'list',
        listType: 'bullet',
        start: 1,
        tag: 'ul',
        children: [{ type: 'listitem', value: 1, children: [text('one')] }],
      },
      paragraph({
        type: 'link',
        url: 'https://example.org',
        rel: 'noreferrer',
        target: '_blank',
        children: [text('a link')],
      }),
      paragraph({ type: 'link', url: 'mailto:team@example.org', children: [text('mail')] }),
    );
    const post = await newPost(as.author, { content });
    expect(post.content).toEqual(content);
  });

  it('refuses a javascript: link', async () => {
    const body = await refused(
      doc(paragraph({ type: 'link', url: 'javascript:alert(1)', children: [text('click')] })),
    );
    expect(body.issues).toEqual([
      { path: 'content', message: 'Links must start with http://, https:// or mailto:' },
    ]);
  });

  it('refuses an unknown node type, naming it', async () => {
    const body = await refused(doc(paragraph({ type: 'script', text: 'alert(1)' })));
    expect(body.error).toBe('Unsupported content: node type "script"');
  });

  it('refuses 50-deep nesting', async () => {
    let node: unknown = { type: 'listitem', children: [text('deep')] };
    for (let i = 0; i < 50; i++)
      node = { type: 'listitem', children: [{ type: 'list', listType: 'bullet', children: [node] }] };
    const body = await refused(doc({ type: 'list', listType: 'bullet', children: [node] }));
    expect(body.error).toBe('This text is nested too deeply.');
    // Hostile depth (10,000 nested arrays) is a 400 too, never a stack overflow.
    const rawBody = `{"spaceId":"${spaceId}","clientKey":"key-${unique()}","content":{"root":{"type":"root","children":${'['.repeat(10_000)}${']'.repeat(10_000)}}}}`;
    const hostile = await call('/api/socket/posts', { method: 'POST', token: as.author.token, rawBody });
    expect(hostile.status).toBe(400);
  });

  it('refuses inline styles and a 1 MB payload', async () => {
    expect(
      (await refused(doc(paragraph({ ...text('x'), style: 'background:url(https://evil.example)' })))).error,
    ).toBe('This text could not be read.');
    const huge = await createPost(as.author, { content: hello('x'.repeat(1_000_000)) });
    expect(huge.status).toBe(413);
    const large = await refused(hello('x'.repeat(120_000)));
    expect(large.error).toBe('This text is too long or has too much formatting.');
  });
});

describe('scheduled posts', () => {
  it('are seen only by their author (first, marked scheduled) until their time, then by every reader', async () => {
    // 10 s ahead: the checks before its time must fit in on a loaded machine.
    const at = new Date(Date.now() + 10_000).toISOString();
    const created = await createPost(as.author, { scheduledAt: at, title: 'Later' });
    expect(created.status).toBe(201);
    const post = created.body.post;
    expect(post).toMatchObject({ scheduled: true, scheduledAt: at, publishedAt: at });

    const mine = await call(`/api/posts?spaceId=${spaceId}`, { token: as.author.token });
    expect(mine.body.items[0]).toMatchObject({ id: post.id, scheduled: true });
    const theirs = await call(`/api/posts?spaceId=${spaceId}`, { token: as.member.token });
    expect(theirs.body.items.map((p: { id: string }) => p.id)).not.toContain(post.id);
    expect((await call(`/api/posts/${post.id}`, { token: as.member.token })).status).toBe(404);
    const community = await call('/api/posts', { token: as.member.token });
    expect(community.body.items.map((p: { id: string }) => p.id)).not.toContain(post.id);

    await new Promise((resolve) => setTimeout(resolve, Date.parse(at) - Date.now() + 500));
    const later = await call(`/api/posts?spaceId=${spaceId}`, { token: as.member.token });
    expect(later.body.items[0]).toMatchObject({ id: post.id, scheduled: false });
  });
});

describe('a scheduled post on a wall filtered by tags', () => {
  it('shows above the page to its author only when it carries one of the tags', async () => {
    const tag = `soon${unique()}`.toLowerCase();
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const tagged = (await ok(createPost(as.author, { scheduledAt: at, tags: [tag] }), 201)).post;
    const untagged = (await ok(createPost(as.author, { scheduledAt: at }), 201)).post;
    const ids = async (query: string) =>
      (await call(`/api/posts?spaceId=${spaceId}${query}`, { token: as.author.token })).body.items.map(
        (p: { id: string }) => p.id,
      );
    expect(await ids(`&tags=${tag}`)).toEqual([tagged.id]);
    const unfiltered = await ids('');
    expect(unfiltered).toContain(tagged.id);
    expect(unfiltered).toContain(untagged.id);
  });
});

describe('a scheduled post', () => {
  it('stays editable and cancellable by its author, and out of everyone else’s reach', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const post = await newPost(as.author, { scheduledAt: at });
    const edit = (who: Who) =>
      call(`/api/socket/posts/${post.id}`, {
        method: 'PUT',
        token: as[who].token,
        body: { content: hello('Soon') },
      });
    expect((await edit('member')).status).toBe(404);
    const edited = await edit('author');
    expect(edited.body.post).toMatchObject({ scheduled: true, publishedAt: at });
    expect(
      (await call(`/api/socket/posts/${post.id}/like`, { method: 'PUT', token: as.author.token })).status,
    ).toBe(404);
    expect(
      (await call(`/api/socket/posts/${post.id}`, { method: 'DELETE', token: as.moderator.token })).status,
    ).toBe(404);
    expect(
      (await call(`/api/socket/posts/${post.id}`, { method: 'DELETE', token: as.author.token })).status,
    ).toBe(200);
    expect((await call(`/api/posts/${post.id}`, { token: as.author.token })).status).toBe(404);
  });
});

describe('creating is idempotent', () => {
  it('answers a repeated client key with the first post (200), one row', async () => {
    const clientKey = `key-${unique()}`;
    const first = await createPost(as.author, { clientKey });
    const again = await createPost(as.author, { clientKey, content: hello('a retry') });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.post.id).toBe(first.body.post.id);
    const rows = await withDatabase((db) =>
      db.query('select count(*)::int as n from posts where client_key = $1', [clientKey]),
    );
    expect(rows.rows[0].n).toBe(1);
  });
});

describe('notifications', () => {
  const reactions = (postId: string, type: string) =>
    withDatabase(
      async (db) =>
        (
          await db.query(
            `select user_id, title, payload from notifications where type = $1 and payload->>'postId' = $2`,
            [type, postId],
          )
        ).rows,
    );

  it('tells the author of a like once per liker, never for their own', async () => {
    const post = await newPost();
    const like = (who: Who, method = 'PUT') =>
      call(`/api/socket/posts/${post.id}/like`, { method, token: as[who].token });
    await like('author');
    await like('member');
    await like('member', 'DELETE');
    await like('member');
    const rows = await reactions(post.id, 'POST_REACTION');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: as.author.user.id, payload: { userId: as.member.user.id } });
  });

  it('reaches the author live, and the wall hears the new count', async () => {
    const post = await newPost();
    const inbox = await openRoom(as.author, 'user-room', as.author.user.id);
    const wall = await openRoom(as.member, 'posts-room', spaceId);
    try {
      await call(`/api/socket/posts/${post.id}/like`, { method: 'PUT', token: as.member.token });
      await expect
        .poll(() => inbox.frames.find((frame) => frame.type === 'notification'), { timeout: 5000 })
        .toMatchObject({ notification: { type: 'POST_REACTION', payload: { postId: post.id } } });
      await expect
        .poll(() => wall.frames.find((frame) => frame.type === 'post.liked'), { timeout: 5000 })
        .toEqual({ type: 'post.liked', id: post.id, likes: 1 });
    } finally {
      inbox.socket.close();
      wall.socket.close();
    }
  });

  it('tells the author of a comment by someone else', async () => {
    const post = await newPost();
    const comment = (who: Who) =>
      call(`/api/socket/posts/comments/${post.id}`, {
        method: 'POST',
        token: as[who].token,
        body: { content: hello('Nice'), clientKey: `key-${unique()}` },
      });
    expect((await comment('author')).status).toBe(201);
    expect((await comment('member')).status).toBe(201);
    const rows = await reactions(post.id, 'POST_COMMENT');
    expect(rows).toHaveLength(1);
    expect(rows[0].user_id).toBe(as.author.user.id);
  });
});

describe('walls', () => {
  let wallSpace: string;
  let ids: string[];

  beforeAll(async () => {
    // 12 posts written straight into a fresh space (the write limits are for people, not fixtures):
    // post i was published i hours ago, has i % 4 likes-worth of count and i % 3 comments-worth.
    wallSpace = (
      await ok(
        call('/api/spaces', {
          method: 'POST',
          token: as.author.token,
          body: { name: `Wall ${unique()}`, description: 'Sorting and paging', type: 'PRIVATE' },
        }),
        201,
      )
    ).id;
    await addToSpace(wallSpace, as.author, as.member);
    ids = await withDatabase(async (db) => {
      const made: string[] = [];
      for (let i = 0; i < 12; i++) {
        const row = await db.query(
          `insert into posts (space_id, author_id, content, published_at, likes_count, comments_count)
           values ($1, $2, $3, now() - ($4 || ' hours')::interval, $5, $6) returning id`,
          [wallSpace, as.author.user.id, JSON.stringify(hello(`Post ${i}`)), String(i + 1), i % 4, i % 3],
        );
        made.push(row.rows[0].id);
        await db.query(`insert into post_tags (post_id, name) values ($1, $2)`, [
          row.rows[0].id,
          i % 2 ? 'odd' : 'even',
        ]);
        await db.query(
          `insert into post_attachments (post_id, name, url, type) values ($1, 'Doc', 'https://docs.example.org/' || $2, 'a')`,
          [row.rows[0].id, String(i)],
        );
      }
      return made;
    });
  });

  const all = async (query: string, who: Session = as.member) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const answer: Answer = await call(
        `/api/posts?spaceId=${wallSpace}&limit=5${query}${cursor ? `&cursor=${cursor}` : ''}`,
        { token: who.token },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.items.length).toBeLessThanOrEqual(5);
      seen.push(...answer.body.items.map((p: { id: string }) => p.id));
      cursor = answer.body.nextCursor;
    } while (cursor);
    return seen;
  };

  it('pages newest first, oldest first and by popularity without gaps or repeats', async () => {
    expect(await all('')).toEqual(ids);
    expect(await all('&sortBy=oldest')).toEqual([...ids].reverse());
    const popular = [...ids.keys()]
      .sort((a, b) => (b % 4) - (a % 4) || (b % 3) - (a % 3) || (ids[b]! > ids[a]! ? 1 : -1))
      .map((i) => ids[i]);
    expect(await all('&sortBy=popular')).toEqual(popular);
  });

  it('filters by tags and shows attachments, tags, author and counts on each post', async () => {
    const odd = await all('&tags=odd');
    expect(odd).toEqual(ids.filter((_, i) => i % 2 === 1));
    const page = await call(`/api/posts?spaceId=${wallSpace}&limit=1`, { token: as.member.token });
    expect(page.body.items[0]).toMatchObject({
      id: ids[0],
      spaceId: wallSpace,
      tags: ['even'],
      author: { id: as.author.user.id, firstName: as.author.user.firstName },
      attachments: [{ name: 'Doc', url: 'https://docs.example.org/0', type: 'a' }],
      likes: 0,
      likedByMe: false,
      commentsCount: 0,
      scheduled: false,
    });
  });

  it('puts the space’s posts on the community wall of its members only', async () => {
    // The community wall is shared with every other test file's public posts, which may be newer
    // than this one (published an hour ago): read it back page by page to that hour.
    const communityWallSince = async (who: Session, since: number) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const answer: Answer = await call(`/api/posts?limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
          token: who.token,
        });
        expect(answer.status).toBe(200);
        const items: { id: string; publishedAt: string }[] = answer.body.items;
        seen.push(...items.map((p) => p.id));
        if (items.some((p) => Date.parse(p.publishedAt) < since)) break;
        cursor = answer.body.nextCursor;
      } while (cursor);
      return seen;
    };
    const since = Date.now() - 2 * 3_600_000;
    expect(await communityWallSince(as.member, since)).toContain(ids[0]);
    expect(await communityWallSince(as.outsider, since)).not.toContain(ids[0]);
  });

  it('costs at most 3 SQL statements for a page, whatever its size (session check included)', async () => {
    const counted = await statementsSent();
    expect(counted, 'the test stack counts statements').not.toBeNull();
    for (const path of [
      `/api/posts?spaceId=${wallSpace}&limit=2`,
      `/api/posts?spaceId=${wallSpace}&limit=12`,
      '/api/posts?limit=50',
      `/api/posts?spaceId=${wallSpace}&sortBy=popular&limit=12`,
    ]) {
      const statements = await statementsFor(async () => {
        expect((await call(path, { token: as.member.token })).status).toBe(200);
      });
      expect(statements, path).toBeGreaterThanOrEqual(2); // the session check and the page: counting works
      expect(statements, path).toBeLessThanOrEqual(3);
    }
  });

  it('groups a member’s attachments by month, at most 5 each, from posts the caller may read', async () => {
    const media = await call(`/api/posts/attachments/${as.author.user.id}`, { token: as.member.token });
    expect(media.status).toBe(200);
    const month = new Date().toISOString().slice(0, 7);
    const group = media.body.items.find((g: { month: string }) => g.month === month);
    expect(group.attachments.length).toBe(5);
    expect(group.attachments[0]).toMatchObject({ type: expect.any(String), postId: expect.any(String) });
    const outsider = await call(`/api/posts/attachments/${as.author.user.id}`, { token: as.outsider.token });
    const urls = outsider.body.items.flatMap((g: { attachments: { url: string }[] }) =>
      g.attachments.map((a) => a.url),
    );
    expect(urls.some((url: string) => url.startsWith('https://docs.example.org/'))).toBe(false);
  });
});

describe('link previews', () => {
  it('answers nulls for an address the guarded fetch refuses (no request leaves)', async () => {
    const answer = await call('/api/link-preview?url=http://127.0.0.1:1/private', { token: as.member.token });
    expect(answer).toMatchObject({
      status: 200,
      body: { url: 'http://127.0.0.1:1/private', title: null, faviconUrl: null },
    });
    expect((await call('/api/link-preview?url=javascript:alert(1)', { token: as.member.token })).status).toBe(
      400,
    );
    expect((await call('/api/link-preview?url=https://example.org')).status).toBe(401);
  });
});

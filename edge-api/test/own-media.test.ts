// The media rule over HTTP (issue 27, items 5 and 6): every stored media address (avatar, cover,
// post and message attachments, a comment's image, an event banner) must be the author's own
// upload, exactly as `POST /api/uploads/{bucket}` answered it: the API's origin, the path
// `/api/files/<bucket>/<key>`, nothing else. An outside address, our path on another host or
// hidden in a query, someone else's upload, another bucket's: 400 with the field's issue, and
// nothing is stored. Links (`a` attachments) point anywhere.
import { ATTACH_OWN_UPLOADS, IMAGE_NOT_UPLOADED } from '@community/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  type Session,
  signIn,
  TINY_PNG,
  unique,
  uploadFile,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';
import { IN_PERSON_LYON, inDays } from './event-fixtures.ts';
import { addToSpace, doc, newMember, ok, paragraph, text } from './wall-cast.ts';

let ann: Session; // writes everything below
let bob: Session; // her conversation partner; his uploads are not hers to use
let spaceId: string;
let postId: string;
let conversationId: string;

const key = () => `media-${unique()}`;

async function upload(bucket: string, session = ann) {
  const uploaded = await uploadFile(session, bucket, TINY_PNG, 'photo.png');
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  return { url: uploaded.body.url as string, key: uploaded.body.key as string };
}

/** Our file path on another host, and behind another host's query: the issue's two forms. */
function outsideForms(own: { url: string; key: string }) {
  return [
    'https://tracker.example.com/pixel.png',
    `https://evil.example/api/files/${own.key}`,
    `https://evil.example/track?x=/api/files/${own.key}`,
    `${own.url}?track=1`,
    `${own.url}#x`,
  ];
}

/** How many rows Ann has written where media are stored: a refused write adds none. */
const annsRows = () =>
  withDatabase(async (db) => {
    const { rows } = await db.query(
      `select (select count(*) from posts where author_id = $1)::int as posts,
              (select count(*) from comments where user_id = $1)::int as comments,
              (select count(*) from space_messages where author_id = $1)::int as chat,
              (select count(*) from direct_messages where author_id = $1)::int as dms,
              (select count(*) from events where author_id = $1)::int as events,
              (select row(image_url, cover_image_url)::text from users where id = $1) as images`,
      [ann.user.id],
    );
    return rows[0];
  });

const refusal = (path: string, message: string) => ({
  status: 400,
  body: { error: message, issues: [{ path, message }] },
});

beforeAll(async () => {
  const owner = await signIn('owner@example.com');
  [ann, bob] = await Promise.all([newMember(owner), newMember(owner)]);
  const space = call('/api/spaces', {
    method: 'POST',
    token: ann.token,
    body: { name: `Media ${unique()}`, description: 'Own uploads only', type: 'PUBLIC' },
  });
  spaceId = (await ok(space, 201)).id;
  await addToSpace(spaceId, ann, bob);
  const body = { spaceId, content: doc(paragraph(text('A post to comment on'))), clientKey: key() };
  postId = (await ok(call('/api/socket/posts', { method: 'POST', token: ann.token, body }), 201)).post.id;
  const conversation = call('/api/conversations', {
    method: 'POST',
    token: ann.token,
    body: { userId: bob.user.id },
  });
  conversationId = (await ok(conversation, 201)).conversation.id;
});

describe('where an outside media address could be stored', () => {
  // Each kind: how to send one address, the field's issue, the bucket of its own uploads.
  const kinds = {
    'profile image': {
      bucket: 'users',
      path: 'imageUrl',
      message: IMAGE_NOT_UPLOADED,
      send: (url: string) =>
        call(`/api/users/${ann.user.id}`, { method: 'PATCH', token: ann.token, body: { imageUrl: url } }),
    },
    'profile cover': {
      bucket: 'users',
      path: 'coverImageUrl',
      message: IMAGE_NOT_UPLOADED,
      send: (url: string) =>
        call(`/api/users/${ann.user.id}`, {
          method: 'PATCH',
          token: ann.token,
          body: { coverImageUrl: url },
        }),
    },
    'post attachment': {
      bucket: 'posts',
      path: 'attachments.0.url',
      message: ATTACH_OWN_UPLOADS,
      send: (url: string) =>
        call('/api/socket/posts', {
          method: 'POST',
          token: ann.token,
          body: {
            spaceId,
            content: doc(paragraph(text('With a picture'))),
            attachments: [{ name: 'p.png', url, type: 'img' }],
            clientKey: key(),
          },
        }),
    },
    'comment image': {
      bucket: 'postsComments',
      path: 'imageUrl',
      message: IMAGE_NOT_UPLOADED,
      send: (url: string) =>
        call(`/api/socket/posts/comments/${postId}`, {
          method: 'POST',
          token: ann.token,
          body: { content: doc(paragraph(text('Look'))), imageUrl: url, clientKey: key() },
        }),
    },
    'chat attachment': {
      bucket: 'spaces',
      path: 'attachments.0.url',
      message: ATTACH_OWN_UPLOADS,
      send: (url: string) =>
        call(`/api/spaces/${spaceId}/messages`, {
          method: 'POST',
          token: ann.token,
          body: { attachments: [{ name: 'v.mp4', url, type: 'video' }], clientKey: key() },
        }),
    },
    'direct message attachment': {
      bucket: 'spaces',
      path: 'attachments.0.url',
      message: ATTACH_OWN_UPLOADS,
      send: (url: string) =>
        call(`/api/conversations/${conversationId}/messages`, {
          method: 'POST',
          token: ann.token,
          body: { attachments: [{ name: 'p.png', url, type: 'img' }], clientKey: key() },
        }),
    },
    'event banner': {
      bucket: 'events',
      path: 'bannerUrl',
      message: IMAGE_NOT_UPLOADED,
      send: (url: string) =>
        call('/api/events', {
          method: 'POST',
          token: ann.token,
          body: {
            title: `Banner ${unique()}`,
            spaceId,
            hostId: ann.user.id,
            startDate: inDays(10, 15),
            endDate: inDays(10, 17),
            ...IN_PERSON_LYON,
            bannerUrl: url,
          },
        }),
    },
  } as const;

  it.each(Object.entries(kinds))(
    '%s: only the author’s own upload to its bucket, as the upload answered it',
    async (_, kind) => {
      const own = await upload(kind.bucket);
      const othersBucket = await upload(kind.bucket === 'posts' ? 'spaces' : 'posts');
      const bobs = await upload(kind.bucket, bob);
      const before = await annsRows();
      for (const url of [...outsideForms(own), othersBucket.url, bobs.url]) {
        expect(await kind.send(url), url).toMatchObject(refusal(kind.path, kind.message));
      }
      expect(await annsRows()).toEqual(before);
      const accepted = await kind.send(own.url);
      expect([200, 201], JSON.stringify(accepted.body)).toContain(accepted.status);
    },
  );

  it('links (`a` attachments) still point anywhere, in posts and messages', async () => {
    const link = { name: 'Docs', url: 'https://docs.example.org/guide?page=2#top', type: 'a' };
    const sent = await call(`/api/spaces/${spaceId}/messages`, {
      method: 'POST',
      token: ann.token,
      body: { attachments: [link], clientKey: key() },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.message.attachments).toMatchObject([link]);
  });

  it('an event keeps a banner it already has; a new one must be an own upload', async () => {
    const banner = await upload('events');
    const body = {
      title: `Keeps ${unique()}`,
      spaceId,
      hostId: ann.user.id,
      startDate: inDays(12, 15),
      endDate: inDays(12, 17),
      ...IN_PERSON_LYON,
      bannerUrl: banner.url,
    };
    const created = await ok(call('/api/events', { method: 'POST', token: ann.token, body }), 201);
    const id = created.event.id as string;
    // A banner stored before the rule (written directly, as an older version let it through).
    const legacy = 'https://legacy.example.org/banner.png';
    await withDatabase((db) => db.query('update events set banner_url = $1 where id = $2', [legacy, id]));
    const put = (bannerUrl: string) =>
      call(`/api/events/${id}`, { method: 'PUT', token: ann.token, body: { ...body, bannerUrl } });
    const kept = await put(legacy);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(await put(`https://evil.example/api/files/${banner.key}`)).toMatchObject(
      refusal('bannerUrl', IMAGE_NOT_UPLOADED),
    );
    const stored = await withDatabase((db) => db.query('select banner_url from events where id = $1', [id]));
    expect(stored.rows[0].banner_url).toBe(legacy);
    expect((await put(banner.url)).status).toBe(200);
  });
});

// Profiles over HTTP (issue #11): only one's own profile is edited (403 before the body is read),
// every rule of the profile input with the spec's words, phone numbers stored in E.164, the date of
// birth's edges, "No changes", the current password for a new email (other sessions end), images
// only from one's own uploads, a picked city; the Activity, Events and Media tabs' paging and what
// each viewer may see (a private space's posts and attachments only for its members, a direct
// message's attachments only for its two participants).
import {
  CITY_NOT_FOUND,
  CITY_REQUIRED,
  COMPANY_REQUIRED,
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  FIRST_NAME_REQUIRED,
  JOB_REQUIRED,
  LAST_NAME_REQUIRED,
  PHONE_INVALID,
  PROFILE_DATE_OF_BIRTH_INVALID,
  PROFILE_EMAIL_INVALID,
  PROFILE_IMAGE_NOT_UPLOADED,
} from '@community/domain';
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
import { doc, newMember, ok, paragraph, text } from './wall-cast.ts';

let owner: Session;
let ann: Session; // edits her profile, writes in a public and a private space
let bob: Session; // reads ann's profile: not in her private space; her DM partner
let eve: Session; // reads ann's profile: in no space of hers, no conversation
let publicSpace: string;
let privateSpace: string;

const patch = (session: Session, body: unknown, id = session.user.id) =>
  call(`/api/users/${id}`, { method: 'PATCH', token: session.token, body });
const key = () => `k-${unique()}`;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function createSpace(type: 'PUBLIC' | 'PRIVATE') {
  const body = { name: `Profile ${type} ${unique()}`, description: 'Profiles test', type };
  return (await ok(call('/api/spaces', { method: 'POST', token: ann.token, body }), 201)).id as string;
}

async function post(spaceId: string, words: string, attachments: unknown[] = []) {
  const body = { spaceId, content: doc(paragraph(text(words))), attachments, clientKey: key() };
  return (await ok(call('/api/socket/posts', { method: 'POST', token: ann.token, body }), 201)).post;
}

async function image(bucket: string, session = ann) {
  const uploaded = await uploadFile(session, bucket, TINY_PNG, 'photo.png');
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  return { name: 'photo.png', url: uploaded.body.url as string, type: 'img' };
}

beforeAll(async () => {
  owner = await signIn('owner@example.com');
  [ann, bob, eve] = await Promise.all([newMember(owner), newMember(owner), newMember(owner)]);
  [publicSpace, privateSpace] = await Promise.all([createSpace('PUBLIC'), createSpace('PRIVATE')]);
});

describe('PATCH /api/users/{id}', () => {
  it('refuses someone else’s profile with 403 before reading the body', async () => {
    const answer = await call(`/api/users/${bob.user.id}`, {
      method: 'PATCH',
      token: ann.token,
      rawBody: 'not json at all',
    });
    expect(answer.status).toBe(403);
    expect(answer.body.issues).toBeUndefined();
    expect((await patch(ann, { firstName: 'Mallory' }, bob.user.id)).status).toBe(403);
  });

  it('answers each field’s rule with its text', async () => {
    const cases: [unknown, string, string][] = [
      [{ firstName: '  ' }, 'firstName', FIRST_NAME_REQUIRED],
      [{ lastName: '' }, 'lastName', LAST_NAME_REQUIRED],
      [{ email: 'not-an-email' }, 'email', PROFILE_EMAIL_INVALID],
      [{ phone: '12' }, 'phone', PHONE_INVALID],
      [{ phone: 'call me' }, 'phone', PHONE_INVALID],
      [{ dateOfBirth: '1899-12-31' }, 'dateOfBirth', PROFILE_DATE_OF_BIRTH_INVALID],
      [{ dateOfBirth: day(1) }, 'dateOfBirth', PROFILE_DATE_OF_BIRTH_INVALID],
      [{ cityId: -3 }, 'cityId', CITY_NOT_FOUND],
    ];
    for (const [body, path, message] of cases) {
      const answer = await patch(ann, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.issues, JSON.stringify(body)).toContainEqual({ path, message });
    }
  });

  it('never empties the job, company or city complete-profile needs, and changes nothing then', async () => {
    const before = (await call(`/api/users/${ann.user.id}`, { token: ann.token })).body.user;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ city: null }, 'city', CITY_REQUIRED],
      [{ city: '  ' }, 'city', CITY_REQUIRED],
      [{ job: '' }, 'job', JOB_REQUIRED],
      [{ company: null }, 'company', COMPANY_REQUIRED],
    ];
    for (const [body, path, message] of cases) {
      const answer = await patch(ann, { firstName: 'Changed', ...body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.issues, JSON.stringify(body)).toEqual([{ path, message }]);
    }
    const after = (await call(`/api/users/${ann.user.id}`, { token: ann.token })).body.user;
    expect(after).toMatchObject({
      firstName: before.firstName,
      job: before.job,
      company: before.company,
      address: { city: before.address.city },
    });
    expect(after.address.city).toBeTruthy();
  });

  it('stores phone numbers in E.164, read in the US without a country code', async () => {
    const us = await patch(ann, { phone: '(202) 555-0143' });
    expect(us.status, JSON.stringify(us.body)).toBe(200);
    expect(us.body.user.phone).toBe('+12025550143');
    const uk = await patch(ann, { phone: '+44 20 7946 0958' });
    expect(uk.body.user.phone).toBe('+442079460958');
    expect((await patch(ann, { phone: '' })).body.user.phone).toBeNull();
  });

  it('takes a date of birth from 1900-01-01 to today', async () => {
    expect((await patch(ann, { dateOfBirth: '1900-01-01' })).body.user.dateOfBirth).toMatch(/^1900-01-01/);
    const today = await patch(ann, { dateOfBirth: day(0) });
    expect(today.status, JSON.stringify(today.body)).toBe(200);
    expect(today.body.user.dateOfBirth).toMatch(new RegExp(`^${day(0)}`));
  });

  it('normalises interests: trimmed, without #, no empty or duplicate tag', async () => {
    const answer = await patch(ann, { interests: ['#rust', ' rust ', '', '  #Go ', 'go'] });
    expect(answer.body.user.interests).toEqual(['rust', 'Go', 'go']);
  });

  it('says "No changes" when nothing differs from what is stored', async () => {
    const noChanges = {
      status: 400,
      body: {
        error: 'No changes',
        issues: [{ path: '', message: 'Please make some changes before saving' }],
      },
    };
    expect(await patch(ann, {})).toMatchObject(noChanges);
    const { firstName, lastName, interests, showEmail } = (await call('/api/auth/me', { token: ann.token }))
      .body.user;
    expect(await patch(ann, { firstName: ` ${firstName} `, lastName, interests, showEmail })).toMatchObject(
      noChanges,
    );
    expect(await patch(ann, { email: ann.user.email.toUpperCase() })).toMatchObject(noChanges);
    expect(await patch(ann, { bio: 'Now something new' })).toMatchObject({ status: 200 });
  });

  it('asks the current password for a new email, and ends the other sessions', async () => {
    const member = await newMember(owner);
    const elsewhere = await signIn(member.user.email, 'password-123');
    const email = `renamed-${unique()}@example.com`;
    expect(await patch(member, { email })).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'currentPassword', message: CURRENT_PASSWORD_REQUIRED }] },
    });
    expect(await patch(member, { email, currentPassword: 'wrong-password' })).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'currentPassword', message: CURRENT_PASSWORD_WRONG }] },
    });
    expect((await call('/api/auth/me', { token: elsewhere.token })).status).toBe(200);
    const changed = await patch(member, { email, currentPassword: 'password-123' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.user.email).toBe(email);
    expect((await call('/api/auth/me', { token: elsewhere.token })).status).toBe(401);
    expect((await call('/api/auth/me', { token: member.token })).status).toBe(200);
  });

  it('takes images only from one’s own uploads to the users bucket', async () => {
    const refused = (field: string) => ({
      status: 400,
      body: {
        error: PROFILE_IMAGE_NOT_UPLOADED,
        issues: [{ path: field, message: PROFILE_IMAGE_NOT_UPLOADED }],
      },
    });
    expect(await patch(ann, { imageUrl: 'https://tracker.example.com/pixel.png' })).toMatchObject(
      refused('imageUrl'),
    );
    const bobs = await image('users', bob);
    expect(await patch(ann, { coverImageUrl: bobs.url })).toMatchObject(refused('coverImageUrl'));
    const inPosts = await image('posts');
    expect(await patch(ann, { imageUrl: inPosts.url })).toMatchObject(refused('imageUrl'));
    const [avatar, cover] = [await image('users'), await image('users')];
    const saved = await patch(ann, { imageUrl: avatar.url, coverImageUrl: cover.url });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.user).toMatchObject({ imageUrl: avatar.url, coverImageUrl: cover.url });
    expect((await patch(ann, { coverImageUrl: null })).body.user.coverImageUrl).toBeNull();
  });

  it('fills a picked city’s place; typed text clears it; an unknown city is refused', async () => {
    expect(await patch(ann, { cityId: 999_999_999 })).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'cityId', message: CITY_NOT_FOUND }] },
    });
    const [zurich] = (await call('/api/cities?search=zurich', { token: ann.token })).body.items;
    const picked = await patch(ann, { cityId: zurich.id });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    expect(picked.body.user.address).toEqual({
      city: 'Zürich',
      cityId: zurich.id,
      country: 'CH',
      lat: zurich.lat,
      lng: zurich.lng,
    });
    const seen = (await call(`/api/users/${ann.user.id}`, { token: bob.token })).body.user;
    expect(seen.address).toMatchObject({ city: 'Zürich', country: 'CH' });
    const typed = await patch(ann, { city: 'Somewhere by the lake' });
    expect(typed.body.user.address).toEqual({
      city: 'Somewhere by the lake',
      cityId: null,
      country: null,
      lat: null,
      lng: null,
    });
  });
});

describe('GET /api/users/{id}/latest-activity', () => {
  let privatePost: { id: string };
  beforeAll(async () => {
    for (const n of [1, 2, 3]) await post(publicSpace, `Public thought ${n}`);
    privatePost = await post(privateSpace, 'Only for the private space');
    const publicPost = (await call(`/api/posts?spaceId=${publicSpace}&limit=1`, { token: ann.token })).body
      .items[0];
    for (const [postId, words] of [
      [publicPost.id, 'A public comment'],
      [privatePost.id, 'A private comment'],
    ] as const) {
      await ok(
        call(`/api/socket/posts/comments/${postId}`, {
          method: 'POST',
          token: ann.token,
          body: { content: doc(paragraph(text(words))), clientKey: key() },
        }),
        201,
      );
    }
  });

  const activity = (viewer: Session, query: string) =>
    call(`/api/users/${ann.user.id}/latest-activity${query}`, { token: viewer.token });

  it('pages the member’s posts newest first, leaving out a private space’s for non-members', async () => {
    const first = await activity(bob, '?type=posts&limit=2');
    expect(first.status).toBe(200);
    expect(first.body.items.map((p: { excerpt: string }) => p.excerpt)).toEqual([
      'Public thought 3',
      'Public thought 2',
    ]);
    expect(first.body.items[0]).toMatchObject({
      spaceId: publicSpace,
      spaceName: expect.any(String),
      likes: 0,
      commentsCount: expect.any(Number),
    });
    const second = await activity(bob, `?type=posts&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body).toEqual({
      items: [expect.objectContaining({ excerpt: 'Public thought 1' })],
      nextCursor: null,
    });
    const own = await activity(ann, '?limit=10');
    expect(own.body.items[0]).toMatchObject({ id: privatePost.id, excerpt: 'Only for the private space' });
    expect(own.body.items).toHaveLength(4);
  });

  it('lists comments the viewer may read', async () => {
    const seen = await activity(bob, '?type=comments');
    expect(seen.body.items.map((c: { excerpt: string }) => c.excerpt)).toEqual(['A public comment']);
    expect(seen.body.items[0]).toMatchObject({ postId: expect.any(String), spaceId: publicSpace });
    expect((await activity(ann, '?type=comments')).body.items).toHaveLength(2);
    expect((await activity(bob, '?type=likes')).status).toBe(400);
  });
});

describe('GET /api/users/{id}/events', () => {
  it('lists events the member hosts, upcoming soonest first', async () => {
    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const body = (title: string, days: number) => ({
      title,
      spaceId: publicSpace,
      hostId: ann.user.id,
      startDate: at(days),
      endDate: at(days + 0.05),
      location: 'YOUTUBE',
      addressUrl: 'https://www.youtube.com/watch?v=abc',
      published: true,
    });
    const later = await call('/api/events', { method: 'POST', token: ann.token, body: body('Later', 9) });
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    await ok(call('/api/events', { method: 'POST', token: ann.token, body: body('Sooner', 2) }), 201);
    const events = await call(`/api/users/${ann.user.id}/events`, { token: bob.token });
    expect(events.status).toBe(200);
    expect(events.body.upcoming.map((e: { title: string }) => e.title)).toEqual(['Sooner', 'Later']);
    expect(events.body.upcoming[0]).toMatchObject({ relation: 'host', location: 'YOUTUBE' });
    expect(events.body.past).toEqual([]);
  });
});

describe('GET /api/posts/attachments/{userId}', () => {
  const media = (viewer: Session, query = '') =>
    call(`/api/posts/attachments/${ann.user.id}${query}`, { token: viewer.token });
  const month = new Date().toISOString().slice(0, 7);
  let chatUrl: string;
  let dmUrl: string;
  let conversationId: string;

  beforeAll(async () => {
    const images = [];
    for (let n = 0; n < 7; n++) images.push(await image('posts'));
    await post(publicSpace, 'Seven pictures', images);
    await post(publicSpace, 'A link', [{ name: 'Docs', url: 'https://docs.example.org/guide', type: 'a' }]);
    await post(privateSpace, 'A private picture', [await image('posts')]);
    const chat = await image('spaces');
    chatUrl = chat.url;
    await ok(
      call(`/api/spaces/${privateSpace}/messages`, {
        method: 'POST',
        token: ann.token,
        body: { content: 'From the private chat', attachments: [chat], clientKey: key() },
      }),
      201,
    );
    const opened = await ok(
      call('/api/conversations', { method: 'POST', token: ann.token, body: { userId: bob.user.id } }),
      201,
    );
    conversationId = opened.conversation.id;
    const dm = await image('spaces');
    dmUrl = dm.url;
    await ok(
      call(`/api/conversations/${conversationId}/messages`, {
        method: 'POST',
        token: ann.token,
        body: { attachments: [dm], clientKey: key() },
      }),
      201,
    );
  });

  const urlsOf = (body: { items: { attachments: { url: string }[] }[] }) =>
    body.items.flatMap((group) => group.attachments.map((attachment) => attachment.url));

  it('shows 5 per month with the month’s cursor, and the rest of the month after it', async () => {
    const images = await media(bob, '?type=img');
    expect(images.status, JSON.stringify(images.body)).toBe(200);
    const group = images.body.items[0];
    expect(group.month).toBe(month);
    expect(group.attachments).toHaveLength(5);
    expect(group.attachments.every((a: { type: string }) => a.type === 'img')).toBe(true);
    // The newest is bob's DM from ann (sent last); the rest come from her public post.
    expect(group.attachments[0].source).toMatchObject({ kind: 'dm', otherUserId: ann.user.id });
    expect(group.attachments[1].source).toMatchObject({
      kind: 'post',
      spaceId: publicSpace,
      postId: expect.any(String),
    });
    expect(group.nextCursor).toEqual(expect.any(String));
    const rest = await media(bob, `?type=img&month=${month}&after=${group.nextCursor}`);
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.items).toHaveLength(1);
    expect(rest.body.items[0]).toMatchObject({ month, nextCursor: null });
    expect(rest.body.items[0].attachments).toHaveLength(3); // 7 pictures of the post and the DM's
    const all = [...group.attachments, ...rest.body.items[0].attachments].map((a: { id: string }) => a.id);
    expect(new Set(all).size).toBe(8);
    // Newest first across the two pages.
    const times = [...group.attachments, ...rest.body.items[0].attachments].map(
      (a: { createdAt: string }) => a.createdAt,
    );
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by type: links only', async () => {
    const links = await media(bob, '?type=a');
    expect(urlsOf(links.body)).toEqual(['https://docs.example.org/guide']);
    expect((await media(bob, '?type=pdf')).status).toBe(400);
    expect((await media(bob, `?after=${'x'}`)).status).toBe(400);
  });

  it('leaves a private space’s posts and chat out for non-members, and a DM out for others', async () => {
    const bobs = urlsOf((await media(bob, '?type=img&limit=24')).body);
    const eves = urlsOf((await media(eve, '?type=img&limit=24')).body);
    expect(bobs).not.toContain(chatUrl);
    expect(eves).not.toContain(chatUrl);
    expect(bobs).toContain(dmUrl);
    expect(eves).not.toContain(dmUrl);
    // 5 shown of the month; the private post's picture is not among eve's at all.
    const evesMonth = await media(eve, `?type=img&month=${month}`);
    expect(evesMonth.body.items[0].attachments).toHaveLength(7);
    const bobsMonth = await media(bob, `?type=img&month=${month}`);
    expect(bobsMonth.body.items[0].attachments).toHaveLength(8); // + the DM
    const dm = bobsMonth.body.items[0].attachments.find((a: { url: string }) => a.url === dmUrl);
    expect(dm.source).toMatchObject({ kind: 'dm', conversationId, otherUserId: ann.user.id, seq: 1 });
  });

  it('shows the owner everything, with the other participant of a DM and the chat message’s seq', async () => {
    const own = await media(ann, `?type=img&month=${month}`);
    const attachments = own.body.items[0].attachments as { url: string; source: Record<string, unknown> }[];
    expect(attachments).toHaveLength(10); // 7 public + 1 private post, 1 chat, 1 DM
    expect(attachments.find((a) => a.url === dmUrl)?.source).toMatchObject({
      kind: 'dm',
      otherUserId: bob.user.id,
    });
    expect(attachments.find((a) => a.url === chatUrl)?.source).toMatchObject({
      kind: 'chat',
      spaceId: privateSpace,
      messageId: expect.any(String),
      seq: expect.any(Number),
    });
  });

  it('leaves deleted messages out', async () => {
    await withDatabase((db) =>
      db.query(`update direct_messages set deleted_at = now() where conversation_id = $1`, [conversationId]),
    );
    expect(urlsOf((await media(bob, `?type=img&month=${month}`)).body)).not.toContain(dmUrl);
  });
});

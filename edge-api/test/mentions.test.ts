// @mentions (issue 28): a mention is stored as `<@id>` and named on read (a rename shows the new
// name); it notifies the mentioned member once with a MENTION, live over their user room, but never
// the author, someone who cannot read the place, or an id that names no one (the message stands).
// `@here` / `@space` are a space admin's or moderator's: from a USER they are words; from a
// moderator they notify the space's members (here: those online) with one fan-out, coalesced.
import { beforeAll, describe, expect, it } from 'vitest';
import { openRoom } from '../../realtime/test/socket-client.ts';
import {
  call,
  newUserForm,
  type Session,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';

const PASSWORD = 'password-123';

let owner: Session;
/** Creates the private test space (its admin). */
let admin: Session;
let member: Session;
let moderator: Session;
/** In the community, not in the private space. */
let outsider: Session;
let spaceId: string;
let spaceName: string;

async function freshUser(role: 'USER' | 'HOST' = 'USER'): Promise<Session> {
  const form = newUserForm({ role, password: PASSWORD, confirmPassword: PASSWORD });
  const created = await call(`/api/admin-panel/users/${owner.user.id}`, {
    method: 'POST',
    token: owner.token,
    body: form,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return signIn(form.email as string, PASSWORD);
}

async function addMember(session: Session, role?: 'MODERATOR') {
  const added = await call(`/api/spaces/${spaceId}/users`, {
    method: 'POST',
    token: admin.token,
    body: { userId: session.user.id },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  if (!role) return;
  const row = added.body.items.find((item: { userId: string }) => item.userId === session.user.id);
  const changed = await call(`/api/spaces/${spaceId}/members/${row.id}`, {
    method: 'PATCH',
    token: admin.token,
    body: { role },
  });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
}

beforeAll(async () => {
  owner = await signIn('owner@example.com');
  [admin, member, moderator, outsider] = await Promise.all([
    freshUser('HOST'),
    freshUser(),
    freshUser(),
    freshUser(),
  ]);
  spaceName = `Mentions ${unique()}`;
  const created = await call('/api/spaces', {
    method: 'POST',
    token: admin.token,
    body: { name: spaceName, description: 'Where people are named', type: 'PRIVATE' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  spaceId = created.body.id;
  await addMember(member);
  await addMember(moderator, 'MODERATOR');
});

const token = (session: Session) => `<@${session.user.id}>`;

const sendInSpace = (session: Session, content: string) =>
  call(`/api/spaces/${spaceId}/messages`, {
    method: 'POST',
    token: session.token,
    body: { content, clientKey: `k-${unique()}` },
  });

/** The member's MENTION notifications, newest first, from the database. */
const mentionsOf = (session: Session) =>
  withDatabase(async (db) =>
    (
      await db.query(
        `select title, payload, read_at from notifications where user_id = $1 and type = 'MENTION'
          order by created_at desc`,
        [session.user.id],
      )
    ).rows.map((row) => ({ title: row.title as string, payload: row.payload, readAt: row.read_at })),
  );

const markAllRead = (session: Session) =>
  call('/api/notifications/read-all', { method: 'POST', token: session.token, body: {} });

/** Waits until the notifications sent after a write (deferred work) have had time to land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe('the autocomplete', () => {
  it('offers the space’s members matching the prefix, not outsiders nor oneself', async () => {
    const prefix = member.user.firstName.slice(0, 3);
    const answer = await call(`/api/spaces/${spaceId}/mention-candidates?q=${prefix}`, {
      token: admin.token,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const ids = answer.body.items.map((item: { id: string }) => item.id);
    expect(ids).toContain(member.user.id);
    expect(ids).toContain(moderator.user.id);
    expect(ids).not.toContain(outsider.user.id);
    expect(ids).not.toContain(admin.user.id);
    expect(answer.body.items.length).toBeLessThanOrEqual(8);
    const byLastName = await call(
      `/api/spaces/${spaceId}/mention-candidates?q=${encodeURIComponent(member.user.lastName)}`,
      { token: admin.token },
    );
    expect(byLastName.body.items.map((item: { id: string }) => item.id)).toEqual([member.user.id]);
  });

  it('is refused to someone who cannot read the private space', async () => {
    const answer = await call(`/api/spaces/${spaceId}/mention-candidates?q=a`, { token: outsider.token });
    expect(answer.status).toBe(403);
  });
});

describe('mentions in space chat', () => {
  it('notifies the mentioned member once, live, and names them on read', async () => {
    const inbox = await openRoom(member, 'user-room', member.user.id);
    try {
      const sent = await sendInSpace(admin, `hello ${token(member)} and ${token(member)}`);
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      expect(sent.body.message.content).toBe(`hello ${token(member)} and ${token(member)}`);
      expect(sent.body.message.mentions).toEqual([
        { id: member.user.id, firstName: member.user.firstName, lastName: member.user.lastName },
      ]);
      await expect
        .poll(
          () =>
            inbox.frames.filter(
              (frame) => frame.type === 'notification' && frame.notification.type === 'MENTION',
            ),
          {
            timeout: 5000,
          },
        )
        .toHaveLength(1);
      const [mention] = await mentionsOf(member);
      expect(mention?.title).toBe(
        `${admin.user.firstName} ${admin.user.lastName} mentioned you in ${spaceName}: hello @${member.user.firstName} ${member.user.lastName} and @${member.user.firstName} ${member.user.lastName}`,
      );
      expect(mention?.payload).toMatchObject({ spaceId, messageId: sent.body.message.id });
      const listed = await call('/api/notifications', { token: member.token });
      expect(listed.body.items).toContainEqual(
        expect.objectContaining({ type: 'MENTION', payload: expect.objectContaining({ spaceId }) }),
      );
    } finally {
      inbox.socket.close();
    }
  });

  it('never notifies the author, an outsider of the private space, or an unknown id; the message stands', async () => {
    const before = { admin: (await mentionsOf(admin)).length, outsider: (await mentionsOf(outsider)).length };
    const unknown = '00000000-0000-4000-8000-000000000000';
    const sent = await sendInSpace(admin, `me ${token(admin)}, ${token(outsider)} and <@${unknown}>`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    // The outsider's token is stored as their plain name, the unknown one as "@unknown".
    expect(sent.body.message.content).toBe(
      `me ${token(admin)}, @${outsider.user.firstName} ${outsider.user.lastName} and @unknown`,
    );
    await settle();
    expect((await mentionsOf(admin)).length).toBe(before.admin);
    expect((await mentionsOf(outsider)).length).toBe(before.outsider);
  });

  it('does not notify a member whose spaces switch is off', async () => {
    const setSpaces = (enabled: boolean) =>
      withDatabase((db) =>
        db.query(`update user_features set enabled = $2 where user_id = $1 and feature = 'spaces'`, [
          member.user.id,
          enabled,
        ]),
      );
    const before = (await mentionsOf(member)).length;
    await setSpaces(false);
    try {
      expect((await sendInSpace(admin, `switch ${token(member)}`)).status).toBe(201);
      await settle();
      expect((await mentionsOf(member)).length).toBe(before);
    } finally {
      await setSpaces(true);
    }
  });

  it('shows a renamed member’s new name when the message is read again', async () => {
    const sent = await sendInSpace(admin, `ask ${token(moderator)}`);
    expect(sent.status).toBe(201);
    const renamed = `Renamed${unique()}`;
    const changed = await call(`/api/users/${moderator.user.id}`, {
      method: 'PATCH',
      token: moderator.token,
      body: { firstName: renamed },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const page = await call(`/api/spaces/${spaceId}/messages`, { token: member.token });
    const read = page.body.items.find((item: { id: string }) => item.id === sent.body.message.id);
    expect(read.content).toBe(`ask ${token(moderator)}`);
    expect(read.mentions).toEqual([
      { id: moderator.user.id, firstName: renamed, lastName: moderator.user.lastName },
    ]);
  });
});

describe('@here and @space', () => {
  it('from a USER are plain words and notify nobody', async () => {
    await Promise.all([markAllRead(admin), markAllRead(moderator)]);
    const before = (await mentionsOf(moderator)).length;
    const sent = await sendInSpace(member, 'hey <@here> and <@space>');
    expect(sent.status).toBe(201);
    expect(sent.body.message.content).toBe('hey @here and @space');
    await settle();
    expect((await mentionsOf(moderator)).length).toBe(before);
  });

  it('@space from a moderator notifies every member but the author, coalesced until read', async () => {
    await Promise.all([markAllRead(admin), markAllRead(member)]);
    const before = { admin: (await mentionsOf(admin)).length, member: (await mentionsOf(member)).length };
    const first = await sendInSpace(moderator, 'everyone, <@space> look');
    expect(first.status).toBe(201);
    expect(first.body.message.content).toBe('everyone, <@space> look');
    await expect
      .poll(async () => (await mentionsOf(member)).length, { timeout: 5000 })
      .toBe(before.member + 1);
    await expect.poll(async () => (await mentionsOf(admin)).length, { timeout: 5000 }).toBe(before.admin + 1);
    expect((await mentionsOf(member))[0]?.payload).toMatchObject({ spaceId, broadcast: 'space' });
    // Unread: a second broadcast adds nothing; once read, the next one notifies again.
    expect((await sendInSpace(moderator, 'again <@space>')).status).toBe(201);
    await settle();
    expect((await mentionsOf(member)).length).toBe(before.member + 1);
    await markAllRead(member);
    expect((await sendInSpace(moderator, 'and now <@space>')).status).toBe(201);
    await expect
      .poll(async () => (await mentionsOf(member)).length, { timeout: 5000 })
      .toBe(before.member + 2);
    expect((await mentionsOf(moderator)).filter((row) => row.payload.broadcast)).toHaveLength(0);
  });

  it('@here from a moderator notifies only the members online now', async () => {
    await Promise.all([markAllRead(admin), markAllRead(member)]);
    await withDatabase((db) =>
      db.query(
        'update users set last_offline_at = case when id = $1 then null else now() end where id in ($1, $2)',
        [member.user.id, admin.user.id],
      ),
    );
    const before = { admin: (await mentionsOf(admin)).length, member: (await mentionsOf(member)).length };
    expect((await sendInSpace(moderator, 'who is around? <@here>')).status).toBe(201);
    await expect
      .poll(async () => (await mentionsOf(member)).length, { timeout: 5000 })
      .toBe(before.member + 1);
    expect((await mentionsOf(member))[0]?.payload).toMatchObject({ broadcast: 'here' });
    expect((await mentionsOf(admin)).length).toBe(before.admin);
  });
});

describe('mentions in direct messages', () => {
  it('notifies the other person, and only them', async () => {
    const started = await call('/api/conversations', {
      method: 'POST',
      token: member.token,
      body: { userId: outsider.user.id },
    });
    expect([200, 201]).toContain(started.status);
    const conversationId = started.body.conversation.id;
    const candidates = await call(`/api/conversations/${conversationId}/mention-candidates?q=`, {
      token: member.token,
    });
    expect(candidates.status).toBe(200);
    expect(candidates.body.items.map((item: { id: string }) => item.id)).toEqual([outsider.user.id]);
    const before = { outsider: (await mentionsOf(outsider)).length, admin: (await mentionsOf(admin)).length };
    const sent = await call(`/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      token: member.token,
      body: { content: `${token(outsider)} see ${token(admin)}`, clientKey: `k-${unique()}` },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.message.content).toBe(
      `${token(outsider)} see @${admin.user.firstName} ${admin.user.lastName}`,
    );
    await expect
      .poll(async () => (await mentionsOf(outsider)).length, { timeout: 5000 })
      .toBe(before.outsider + 1);
    expect((await mentionsOf(outsider))[0]).toMatchObject({
      title: `${member.user.firstName} ${member.user.lastName} mentioned you: @${outsider.user.firstName} ${outsider.user.lastName} see @${admin.user.firstName} ${admin.user.lastName}`,
      payload: { conversationId, authorId: member.user.id },
    });
    await settle();
    expect((await mentionsOf(admin)).length).toBe(before.admin);
    const stranger = await call(`/api/conversations/${conversationId}/mention-candidates?q=`, {
      token: admin.token,
    });
    expect(stranger.status).toBe(404);
  });
});

const lexical = (...inline: Record<string, unknown>[]) => ({
  root: {
    type: 'root',
    version: 1,
    format: '',
    indent: 0,
    direction: null,
    children: [{ type: 'paragraph', version: 1, format: '', indent: 0, direction: null, children: inline }],
  },
});
const words = (text: string) => ({
  type: 'text',
  version: 1,
  text,
  format: 0,
  detail: 0,
  mode: 'normal',
  style: '',
});
const mentionNode = (session: Session, text = '@someone') => ({
  type: 'mention',
  version: 1,
  userId: session.user.id,
  text,
  format: 0,
  detail: 0,
  mode: 'segmented',
  style: '',
});
const inlineOf = (content: { root: { children: { children: Record<string, unknown>[] }[] } }) =>
  content.root.children[0]?.children ?? [];

describe('mentions in posts and comments', () => {
  let postId: string;

  it('a post notifies the mentioned member; an outsider’s mention becomes text; names follow renames', async () => {
    const before = {
      member: (await mentionsOf(member)).length,
      outsider: (await mentionsOf(outsider)).length,
    };
    const created = await call('/api/socket/posts', {
      method: 'POST',
      token: admin.token,
      body: {
        spaceId,
        content: lexical(words('Welcome '), mentionNode(member), words(' and '), mentionNode(outsider)),
        clientKey: `k-${unique()}`,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    postId = created.body.post.id;
    const [, named, , plain] = inlineOf(created.body.post.content);
    expect(named).toMatchObject({
      type: 'mention',
      userId: member.user.id,
      text: `@${member.user.firstName} ${member.user.lastName}`,
    });
    expect(plain).toMatchObject({
      type: 'text',
      text: `@${outsider.user.firstName} ${outsider.user.lastName}`,
    });
    await expect
      .poll(async () => (await mentionsOf(member)).length, { timeout: 5000 })
      .toBe(before.member + 1);
    expect((await mentionsOf(member))[0]).toMatchObject({
      title: `${admin.user.firstName} ${admin.user.lastName} mentioned you in a post`,
      payload: { spaceId, postId },
    });
    expect((await mentionsOf(outsider)).length).toBe(before.outsider);

    const renamed = `Post${unique()}`;
    expect(
      (
        await call(`/api/users/${member.user.id}`, {
          method: 'PATCH',
          token: member.token,
          body: { firstName: renamed },
        })
      ).status,
    ).toBe(200);
    const read = await call(`/api/posts/${postId}`, { token: moderator.token });
    expect(inlineOf(read.body.post.content)[1]).toMatchObject({
      text: `@${renamed} ${member.user.lastName}`,
    });
    member.user.firstName = renamed;
  });

  it('an edit notifies only a newly mentioned member', async () => {
    const before = {
      member: (await mentionsOf(member)).length,
      moderator: (await mentionsOf(moderator)).length,
    };
    const edited = await call(`/api/socket/posts/${postId}`, {
      method: 'PUT',
      token: admin.token,
      body: {
        content: lexical(words('Welcome '), mentionNode(member), words(' and '), mentionNode(moderator)),
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await expect
      .poll(async () => (await mentionsOf(moderator)).length, { timeout: 5000 })
      .toBe(before.moderator + 1);
    await settle();
    expect((await mentionsOf(member)).length).toBe(before.member);
  });

  it('a comment notifies the mentioned member, not its author', async () => {
    const before = {
      moderator: (await mentionsOf(moderator)).length,
      member: (await mentionsOf(member)).length,
    };
    const comment = await call(`/api/socket/posts/comments/${postId}`, {
      method: 'POST',
      token: member.token,
      body: {
        content: lexical(words('Thanks '), mentionNode(moderator), mentionNode(member)),
        clientKey: `k-${unique()}`,
      },
    });
    expect(comment.status, JSON.stringify(comment.body)).toBe(201);
    await expect
      .poll(async () => (await mentionsOf(moderator)).length, { timeout: 5000 })
      .toBe(before.moderator + 1);
    expect((await mentionsOf(moderator))[0]).toMatchObject({
      title: `${member.user.firstName} ${member.user.lastName} mentioned you in a comment`,
      payload: { spaceId, postId, commentId: comment.body.comment.id },
    });
    expect((await mentionsOf(member)).length).toBe(before.member);
  });
});

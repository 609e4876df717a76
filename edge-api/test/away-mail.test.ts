// What happened while a member was away is emailed (issue 32, ADR 26): the minute Cron Trigger, run
// through Miniflare's /cdn-cgi/local/scheduled with a `time` of the test's choosing, queues one email
// per member and kind (unread direct messages; mentions and comments on their posts) for all of it;
// each email is read back from the stack's inbox and parsed (mailparser). Its unsubscribe link
// works without signing in, once.

import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { openRoom } from '../../realtime/test/socket-client.ts';
import {
  baseUrl,
  call,
  newUserForm,
  type Session,
  signIn,
  unique,
} from '../../scripts/lib/api-test-client.ts';
import { mailTo, waitForMail } from '../../scripts/lib/mail-test-client.ts';
import { calendarFixtures } from './calendar-fixtures.ts';
import { createEvent, eventBodyWith, rsvp } from './event-fixtures.ts';
import { doc, paragraph, text } from './wall-cast.ts';

const PASSWORD = 'welcome-123';
let owner: Session;

beforeAll(async () => {
  owner = await signIn('owner@example.com');
});

async function member(name: string): Promise<Session & { email: string }> {
  const email = `${name.toLowerCase()}-${unique()}@example.com`;
  const created = await call(`/api/admin-panel/users/${owner.user.id}`, {
    method: 'POST',
    token: owner.token,
    body: newUserForm({ email, firstName: name, password: PASSWORD, confirmPassword: PASSWORD }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { ...(await signIn(email, PASSWORD)), email };
}

/** `from` writes `count` direct messages to `to`; answers the conversation's id. */
async function write(from: Session, to: Session, count: number): Promise<string> {
  const opened = await call('/api/conversations', {
    method: 'POST',
    token: from.token,
    body: { userId: to.user.id },
  });
  expect(opened.status).toBeLessThan(300);
  const id = opened.body.conversation.id as string;
  for (let i = 0; i < count; i++) {
    const sent = await call(`/api/conversations/${id}/messages`, {
      method: 'POST',
      token: from.token,
      body: { content: `secret plans ${i}`, clientKey: `mail-${unique()}-${i}` },
    });
    expect(sent.status).toBe(201);
  }
  return id;
}

/** The minute Cron Trigger as if it ran `minutes` from now. */
async function cronIn(minutes: number) {
  const at = Date.now() + minutes * 60_000;
  const run = await fetch(`${baseUrl()}/cdn-cgi/local/scheduled?cron=*+*+*+*+*&time=${at}`);
  expect(run.status).toBe(200);
}

/** A header as it was sent (mailparser reads List-* headers into objects of its own). */
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((line) => line.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '') ?? '';

const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe('unread direct messages while away', () => {
  it('make one email for three messages, once, naming who wrote and not what', async () => {
    const [ann, bob] = await Promise.all([member('Ann'), member('Bob')]);
    await write(ann, bob, 3);
    await cronIn(5); // not yet 10 minutes old
    await settle();
    expect(await mailTo(bob.email)).toEqual([]);

    await cronIn(11);
    const [mail] = await waitForMail(bob.email);
    expect(mail!.subject).toBe('You have 3 unread messages in Demo Community');
    // The plain text part puts each link after its words.
    expect(mail!.text).toMatch(
      new RegExp(`${ann.user.firstName} ${ann.user.lastName} \\S+ sent you 3 messages`),
    );
    expect(mail!.text).not.toContain('secret plans');
    expect(mail!.html).toContain(`/community/conversations/${ann.user.id}`);
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail!, 'List-Unsubscribe')).toMatch(
      /^<http:\/\/[^>]+\/api\/email\/unsubscribe\?token=[^>]+>$/,
    );

    await cronIn(11); // again, and later: nothing more until new messages come
    await cronIn(20);
    await settle();
    expect(await mailTo(bob.email)).toHaveLength(1);
    // Ann read nothing unread of her own: she gets nothing.
    expect(await mailTo(ann.email)).toEqual([]);
  });

  it('never go to a member who is online, or who read them', async () => {
    const [cleo, dan, eve] = await Promise.all([member('Cleo'), member('Dan'), member('Eve')]);
    const tab: WebSocket = (await openRoom(dan, 'user-room', dan.user.id)).socket;
    await expect
      .poll(
        async () => (await call(`/api/users/${dan.user.id}`, { token: cleo.token })).body.user.lastOfflineAt,
      )
      .toBeNull();
    await write(cleo, dan, 2);
    const conversation = await write(cleo, eve, 1);
    const read = await call(`/api/conversations/${conversation}/read`, {
      method: 'PUT',
      token: eve.token,
      body: { seq: 1 },
    });
    expect(read.status).toBeLessThan(300);
    await cronIn(11);
    await settle();
    expect(await mailTo(dan.email)).toEqual([]);
    expect(await mailTo(eve.email)).toEqual([]);
    tab.close(1000);
  });
});

describe('mentions and comments while away', () => {
  it("make one email for a chat mention and a comment on a post, once, with the bell's lines", async () => {
    const [kim, lou] = await Promise.all([member('Kim'), member('Lou')]);
    const space = await call('/api/spaces', {
      method: 'POST',
      token: kim.token,
      body: { name: `Away ${unique()}`, description: 'Away mail', type: 'PUBLIC' },
    });
    expect(space.status).toBe(201);
    expect(
      (await call(`/api/spaces/${space.body.id}/join`, { method: 'POST', token: lou.token })).status,
    ).toBeLessThan(300);
    const mention = await call(`/api/spaces/${space.body.id}/messages`, {
      method: 'POST',
      token: kim.token,
      body: { content: `look <@${lou.user.id}>`, clientKey: `mention-${unique()}` },
    });
    expect(mention.status).toBe(201);
    const post = await call('/api/socket/posts', {
      method: 'POST',
      token: lou.token,
      body: {
        spaceId: space.body.id,
        content: doc(paragraph(text('My post'))),
        clientKey: `post-${unique()}`,
      },
    });
    expect(post.status).toBe(201);
    const comment = await call(`/api/socket/posts/comments/${post.body.post.id}`, {
      method: 'POST',
      token: kim.token,
      body: { content: doc(paragraph(text('Nice'))), clientKey: `comment-${unique()}` },
    });
    expect(comment.status).toBe(201);

    await cronIn(11);
    const [mail] = await waitForMail(lou.email);
    expect(mail!.subject).toBe('2 mentions and comments waiting in Demo Community');
    expect(mail!.text).toContain(`${kim.user.firstName} ${kim.user.lastName} mentioned you in`);
    expect(mail!.text).toMatch(/comment/i);
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    await cronIn(12);
    await settle();
    expect(await mailTo(lou.email)).toHaveLength(1);
  });
});

describe('event reminders and cancellations', () => {
  it('are emailed at once, online or not, one email per run for all of them', async () => {
    const { host, spaceId } = await calendarFixtures();
    const going = await member('Mia');
    const tab: WebSocket = (await openRoom(going, 'user-room', going.user.id)).socket;
    const event = await createEvent(
      host.token,
      eventBodyWith({
        title: `Picnic ${unique()}`,
        description: 'In the park',
        spaceId,
        hostId: host.user.id,
      }),
    );
    expect((await rsvp(event.id, going.token)).status).toBe(201);
    const cancelled = await call(`/api/events/${event.id}/cancellation`, {
      method: 'POST',
      token: host.token,
      body: { reason: 'Rain all day' },
    });
    expect(cancelled.status).toBe(200);
    await cronIn(1);
    const [mail] = await waitForMail(going.email);
    expect(mail!.subject).toContain(event.title);
    expect(mail!.subject).toMatch(/– Demo Community$/);
    expect(mail!.text).toContain('Open events');
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    await cronIn(2);
    await settle();
    expect(await mailTo(going.email)).toHaveLength(1);
    tab.close(1000);
  });
});

describe('Edit Profile', () => {
  it('turns the email off and on again; a value that is not true or false changes nothing', async () => {
    const [hal, ivy] = await Promise.all([member('Hal'), member('Ivy')]);
    const me = () => call('/api/auth/me', { token: ivy.token });
    expect((await me()).body.user.emailPreferences).toEqual({
      messages: true,
      mentions: true,
      events: true,
      digest: true,
      digestDay: 1,
    });
    const bad = await call(`/api/users/${ivy.user.id}`, {
      method: 'PATCH',
      token: ivy.token,
      body: { emailPreferences: { messages: 'no' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toContainEqual({
      path: 'emailPreferences.messages',
      message: 'emailPreferences.messages must be true or false',
    });
    const off = await call(`/api/users/${ivy.user.id}`, {
      method: 'PATCH',
      token: ivy.token,
      body: { emailPreferences: { messages: false } },
    });
    expect(off.status).toBe(200);
    expect((await me()).body.user.emailPreferences).toEqual({
      messages: false,
      mentions: true,
      events: true,
      digest: true,
      digestDay: 1,
    });
    await write(hal, ivy, 2);
    await cronIn(11);
    await settle();
    expect(await mailTo(ivy.email)).toEqual([]);
  });
});

describe('the unsubscribe link', () => {
  it('asks when opened, turns the email off on the click (no sign-in), then says it is done', async () => {
    const [fay, gus] = await Promise.all([member('Fay'), member('Gus')]);
    await write(fay, gus, 1);
    await cronIn(11);
    const [mail] = await waitForMail(gus.email);
    expect(mail!.subject).toBe('You have a new message in Demo Community');
    const link = header(mail!, 'List-Unsubscribe').replace(/^<|>$/g, '');
    const path = new URL(link).pathname + new URL(link).search;

    const opened = await fetch(`${baseUrl()}${path}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('Stop emails about unread direct messages?');
    // Opening changed nothing: a new message is still emailed.
    await write(fay, gus, 1);
    await cronIn(22);
    await waitForMail(gus.email, 2);

    // A mail app's one-click unsubscribe (RFC 8058).
    const clicked = await fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    expect(await clicked.text()).toContain('You will no longer get emails about unread direct messages.');
    const again = await fetch(`${baseUrl()}${path}`, { method: 'POST' });
    expect(await again.text()).toContain('You had already turned off emails about unread direct messages.');

    await write(fay, gus, 1);
    await cronIn(33);
    await settle();
    expect(await mailTo(gus.email)).toHaveLength(2);

    const forged = await fetch(
      `${baseUrl()}/api/email/unsubscribe?token=${link.split('token=')[1]!.slice(0, -2)}xx`,
    );
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('This unsubscribe link is invalid or has expired.');
  });
});

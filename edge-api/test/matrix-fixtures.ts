// The people, spaces, event, posts and conversation the permission matrix (permission-matrix.ts) is
// played against: built once per test file over HTTP, by permissions.test.ts and
// feature-switches.test.ts alike.
import {
  call,
  extraMember,
  type Session,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';
import type { Fixtures, SignedInCaller } from './permission-matrix.ts';

export type MatrixSetup = {
  emails: Record<SignedInCaller, string>;
  sessions: Record<SignedInCaller, Session>;
  fx: Fixtures;
};

const seededEmails: Record<SignedInCaller, string> = {
  user: 'member@example.com',
  host: 'host@example.com',
  admin: 'admin@example.com',
  superAdmin: 'owner@example.com',
  // Seeded members no other test file uses, so their places in spaces are only ours.
  spaceAdmin: '',
  spaceModerator: '',
  spaceGuest: '',
  otherSpaceMember: '',
};

async function ok<T = any>(answer: Promise<{ status: number; body: T }>, status: number): Promise<T> {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`setup: expected ${status}, got ${got} ${JSON.stringify(body)}`);
  return body;
}

async function createSpace(owner: Session, type: 'PUBLIC' | 'PRIVATE'): Promise<string> {
  const body = { name: `Permissions ${unique()}`, description: 'For the permission matrix', type };
  return (await ok(call('/api/spaces', { method: 'POST', token: owner.token, body }), 201)).id;
}

/** Adds the guest and the moderator to a space of spaceAdmin's; answers the guest's member id. */
async function addGuestAndModerator(
  sessions: Record<SignedInCaller, Session>,
  spaceId: string,
): Promise<string> {
  const admin = sessions.spaceAdmin.token;
  for (const who of ['spaceGuest', 'spaceModerator'] as const) {
    const body = { userId: sessions[who].user.id };
    await ok(call(`/api/spaces/${spaceId}/users`, { method: 'POST', token: admin, body }), 201);
  }
  const members = (await ok(call(`/api/spaces/${spaceId}/members`, { token: admin }), 200)).items as {
    id: string;
    userId: string;
  }[];
  const memberId = (who: SignedInCaller) => members.find((m) => m.userId === sessions[who].user.id)!.id;
  await ok(
    call(`/api/spaces/${spaceId}/members/${memberId('spaceModerator')}`, {
      method: 'PATCH',
      token: admin,
      body: { role: 'MODERATOR' },
    }),
    200,
  );
  return memberId('spaceGuest');
}

const inDays = (days: number, hour: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

/** Signs every caller in and builds the fixtures (the seeded members 14 to 17 are the space roles). */
export async function buildMatrixFixtures(): Promise<MatrixSetup> {
  const emails = { ...seededEmails };
  [emails.spaceAdmin, emails.spaceModerator, emails.spaceGuest, emails.otherSpaceMember] = await Promise.all([
    extraMember(14),
    extraMember(15),
    extraMember(16),
    extraMember(17),
  ]);
  const signedIn = await Promise.all(
    (Object.keys(emails) as SignedInCaller[]).map(async (who) => [who, await signIn(emails[who])] as const),
  );
  const sessions = Object.fromEntries(signedIn) as Record<SignedInCaller, Session>;

  const privateSpaceId = await createSpace(sessions.spaceAdmin, 'PRIVATE');
  const publicSpaceId = await createSpace(sessions.spaceAdmin, 'PUBLIC');
  const leaveSpaceId = await createSpace(sessions.spaceAdmin, 'PRIVATE');
  await createSpace(sessions.otherSpaceMember, 'PRIVATE');
  const guestMemberId = await addGuestAndModerator(sessions, privateSpaceId);
  await addGuestAndModerator(sessions, leaveSpaceId);
  // Paid spaces are not made through the API (the space form offers public and private only).
  const paidSpaceId = await createSpace(sessions.spaceAdmin, 'PRIVATE');
  await withDatabase((db) => db.query(`update spaces set type = 'PAID' where id = $1`, [paidSpaceId]));
  await addGuestAndModerator(sessions, paidSpaceId);
  const createEvent = (spaceId: string) =>
    ok(
      call('/api/events', {
        method: 'POST',
        token: sessions.spaceAdmin.token,
        body: {
          title: `Permissions ${unique()}`,
          description: 'For the permission matrix',
          spaceId,
          hostId: sessions.spaceAdmin.user.id,
          startDate: inDays(12, 15),
          endDate: inDays(12, 17),
          location: 'YOUTUBE',
          addressUrl: 'https://www.youtube.com/watch?v=permissions',
          registration: 'FREE',
          published: true,
          tags: [],
        },
      }),
      201,
    );
  const [event, paidEvent] = [await createEvent(privateSpaceId), await createEvent(paidSpaceId)];
  const post = async (spaceId: string) =>
    (
      await ok(
        call('/api/socket/posts', {
          method: 'POST',
          token: sessions.spaceAdmin.token,
          body: {
            spaceId,
            content: {
              root: {
                type: 'root',
                children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hi' }] }],
              },
            },
            clientKey: `matrix-${unique()}`,
          },
        }),
        201,
      )
    ).post.id as string;
  const [privatePostId, publicPostId] = [await post(privateSpaceId), await post(publicSpaceId)];
  // 201 when new, 200 when a run before ours on the same data already opened it.
  const conversation = (
    await call('/api/conversations', {
      method: 'POST',
      token: sessions.spaceAdmin.token,
      body: { userId: sessions.spaceGuest.user.id },
    })
  ).body;
  const directMessage = await ok(
    call(`/api/conversations/${conversation.conversation.id}/messages`, {
      method: 'POST',
      token: sessions.spaceAdmin.token,
      body: { content: 'Hello from the matrix', clientKey: `matrix-${unique()}` },
    }),
    201,
  );
  const spaceMessage = await ok(
    call(`/api/spaces/${privateSpaceId}/messages`, {
      method: 'POST',
      token: sessions.spaceAdmin.token,
      body: { content: 'Hello, space', clientKey: `matrix-${unique()}` },
    }),
    201,
  );
  const fx: Fixtures = {
    ids: Object.fromEntries(signedIn.map(([who, session]) => [who, session.user.id])) as Fixtures['ids'],
    privateSpaceId,
    publicSpaceId,
    leaveSpaceId,
    guestMemberId,
    eventId: event.event.id,
    paidEventId: paidEvent.event.id,
    privatePostId,
    publicPostId,
    conversationId: conversation.conversation.id,
    directMessageId: directMessage.message.id,
    spaceMessageId: spaceMessage.message.id,
  };
  return { emails, sessions, fx };
}

// Plays the route × caller matrix (permission-matrix.ts) over HTTP against the running stack: every
// route, every kind of caller, an invalid body or query. Who may not call a route gets 401/403 and
// no schema details; who may gets the 400 (or the route's answer when it takes no input).
import { beforeAll, describe, expect, it } from 'vitest';
import { call, extraMember, type Session, signIn, unique } from '../../scripts/lib/api-test-client.ts';
import { app } from '../src/app.ts';
import {
  CALLERS,
  type Caller,
  compareWithApp,
  expectedStatus,
  type Fixtures,
  MATRIX,
  type SignedInCaller,
} from './permission-matrix.ts';

const emails: Record<SignedInCaller, string> = {
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
let sessions: Record<SignedInCaller, Session>;
let fx: Fixtures;

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
async function addGuestAndModerator(spaceId: string): Promise<string> {
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

beforeAll(async () => {
  [emails.spaceAdmin, emails.spaceModerator, emails.spaceGuest, emails.otherSpaceMember] = await Promise.all([
    extraMember(14),
    extraMember(15),
    extraMember(16),
    extraMember(17),
  ]);
  const signedIn = await Promise.all(
    (Object.keys(emails) as SignedInCaller[]).map(async (who) => [who, await signIn(emails[who])] as const),
  );
  sessions = Object.fromEntries(signedIn) as Record<SignedInCaller, Session>;

  const privateSpaceId = await createSpace(sessions.spaceAdmin, 'PRIVATE');
  const publicSpaceId = await createSpace(sessions.spaceAdmin, 'PUBLIC');
  const leaveSpaceId = await createSpace(sessions.spaceAdmin, 'PRIVATE');
  await createSpace(sessions.otherSpaceMember, 'PRIVATE');
  const guestMemberId = await addGuestAndModerator(privateSpaceId);
  await addGuestAndModerator(leaveSpaceId);
  const event = await ok(
    call('/api/events', {
      method: 'POST',
      token: sessions.spaceAdmin.token,
      body: {
        title: `Permissions ${unique()}`,
        description: 'For the permission matrix',
        spaceId: privateSpaceId,
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
  await ok(
    call(`/api/conversations/${conversation.conversation.id}/messages`, {
      method: 'POST',
      token: sessions.spaceAdmin.token,
      body: { content: 'Hello from the matrix', clientKey: `matrix-${unique()}` },
    }),
    201,
  );
  fx = {
    ids: Object.fromEntries(signedIn.map(([who, session]) => [who, session.user.id])) as Fixtures['ids'],
    privateSpaceId,
    publicSpaceId,
    leaveSpaceId,
    guestMemberId,
    eventId: event.event.id,
    privatePostId,
    publicPostId,
    conversationId: conversation.conversation.id,
  };
});

describe('the permission matrix', () => {
  it('lists every route the app serves', () => {
    expect(compareWithApp(app)).toEqual({ missing: [], stale: [] });
  });

  it.each(MATRIX.map((row) => [`${row.route}${row.case ? ` (${row.case})` : ''}`, row] as const))(
    '%s',
    async (_name, row) => {
      const [method] = row.route.split(' ') as [string];
      const failures: string[] = [];
      for (const caller of CALLERS as readonly Caller[]) {
        const { path, body, headers } = row.request(fx, caller);
        const token =
          caller === 'anonymous'
            ? undefined
            : row.freshSession
              ? (await signIn(emails[caller])).token
              : sessions[caller].token;
        const answer = await call(path, { method, token, body, headers });
        const expected = expectedStatus(row, caller);
        if (answer.status !== expected) {
          failures.push(
            `${caller}: expected ${expected}, got ${answer.status} ${JSON.stringify(answer.body)}`,
          );
        } else if ((expected === 401 || expected === 403) && answer.body?.issues !== undefined) {
          // Refused callers learn nothing about the schema.
          failures.push(`${caller}: refused with schema details ${JSON.stringify(answer.body)}`);
        }
      }
      expect(failures).toEqual([]);
    },
  );
});

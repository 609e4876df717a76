// The cast of the posts and comments API tests: fresh members in every role around a private wall
// (and a public one), made through the API as the community owner would, plus the Lexical helpers
// their bodies are written with.
import {
  type Answer,
  call,
  newUserForm,
  type Session,
  signIn,
  unique,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';

export const text = (value: string) => ({
  type: 'text',
  text: value,
  format: 0,
  style: '',
  mode: 'normal',
  detail: 0,
});
export const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children });
export const doc = (...children: unknown[]) => ({ root: { type: 'root', children } });

/** Setup steps must succeed: anything else stops the file with the answer that surprised it. */
export async function ok<T = any>(answer: Promise<Answer<T>>, status: number): Promise<T> {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`setup: expected ${status}, got ${got} ${JSON.stringify(body)}`);
  return body;
}

/** A fresh member (the owner adds them), with every feature but those in `without`. */
export async function newMember(owner: Session, without: string[] = []): Promise<Session> {
  const form = newUserForm();
  form.features = form.features.filter((feature) => !without.includes(feature));
  await ok(
    call(`/api/admin-panel/users/${owner.user.id}`, { method: 'POST', token: owner.token, body: form }),
    201,
  );
  return signIn(form.email, form.password);
}

export async function addToSpace(space: string, admin: Session, who: Session, role?: 'MODERATOR') {
  const members = await ok(
    call(`/api/spaces/${space}/users`, { method: 'POST', token: admin.token, body: { userId: who.user.id } }),
    201,
  );
  if (!role) return;
  const row = members.items.find((m: { userId: string }) => m.userId === who.user.id);
  await ok(
    call(`/api/spaces/${space}/members/${row.id}`, { method: 'PATCH', token: admin.token, body: { role } }),
    200,
  );
}

export type Who =
  | 'author'
  | 'member'
  | 'moderator'
  | 'spaceAdmin'
  | 'outsider'
  | 'communityAdmin'
  | 'noPosts';
export type WallCast = { as: Record<Who, Session>; spaceId: string; publicSpaceId: string };

/**
 * A private wall run by `spaceAdmin` with the author, a member, a moderator and a member without
 * the `posts` feature in it; an outsider; a community ADMIN; and a public wall of the same admin.
 */
export async function castAWall(name: string): Promise<WallCast> {
  const owner = await signIn('owner@example.com');
  const [author, member, moderator, spaceAdmin, outsider, noPosts] = await Promise.all([
    newMember(owner),
    newMember(owner),
    newMember(owner),
    newMember(owner),
    newMember(owner),
    newMember(owner, ['posts']),
  ]);
  const as: Record<Who, Session> = {
    author: author!,
    member: member!,
    moderator: moderator!,
    spaceAdmin: spaceAdmin!,
    outsider: outsider!,
    noPosts: noPosts!,
    communityAdmin: await signIn('admin@example.com'),
  };
  const space = async (type: string) =>
    (
      await ok(
        call('/api/spaces', {
          method: 'POST',
          token: as.spaceAdmin.token,
          body: { name: `${name} ${unique()}`, description: `For the ${name.toLowerCase()} tests`, type },
        }),
        201,
      )
    ).id as string;
  const spaceId = await space('PRIVATE');
  const publicSpaceId = await space('PUBLIC');
  await addToSpace(spaceId, as.spaceAdmin, as.author);
  await addToSpace(spaceId, as.spaceAdmin, as.member);
  await addToSpace(spaceId, as.spaceAdmin, as.noPosts);
  await addToSpace(spaceId, as.spaceAdmin, as.moderator, 'MODERATOR');
  return { as, spaceId, publicSpaceId };
}

/** Full post, comment and like buckets for the cast: each test starts as someone who has not just posted. */
export const refillWriteBuckets = (as: Record<Who, Session>) =>
  withDatabase((db) =>
    db.query(
      `delete from rate_limit_buckets where key ~ '^write:(post|comment|like):' and split_part(key, ':', 3) = any($1)`,
      [Object.values(as).map((session) => session.user.id)],
    ),
  );

// Signing in and out: password check with per-account and per-address failure limits, sessions
// with rotating refresh tokens, and redeeming a community invitation.
import {
  invites,
  loginAttempts,
  retiredRefreshTokens,
  sessions,
  userFeatures,
  users,
} from '@community/db/schema';
import { type AcceptInviteInput, FEATURE_KEYS, type User } from '@community/domain';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database, SessionDatabase } from '../db.ts';
import { ApiError, badRequest, conflict, unauthorized } from '../lib/errors.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../lib/password.ts';
import { REFRESH_TOKEN_TTL_SECONDS, randomToken, sha256Hex } from '../lib/tokens.ts';
import { type Bucket, returnToken, takeToken, tooManyRequests } from './rate-limits.ts';
import { revokeRealtimeAccess } from './realtime.ts';
import { findUserWithFeatures } from './users.ts';

/**
 * Zulip's default, 5 failures in 30 minutes, per account AND address (issue 27: per account alone,
 * anyone could lock a member, the owner included, out by failing five times); a wider net per address
 * (every account it tries) and per account (every address: guessing from many at once).
 */
export const LOGIN_WINDOW_MS = 30 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
export const MAX_FAILURES_PER_ADDRESS = 50;
export const MAX_FAILURES_PER_ACCOUNT = 100;

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Try again later.';
export const ACCOUNT_BLOCKED = 'Your account has been blocked.';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

export type IssuedSession = { user: User; sessionId: string; refreshToken: string };

const perWindow = (failures: number): Bucket => ({
  capacity: failures,
  perSecond: failures / (LOGIN_WINDOW_MS / 1000),
});

/**
 * The sign-in limits as token buckets (services/rate-limits.ts), the narrowest first, so a burst
 * against one account from one address costs the wider ones only the 5 that got through. A token is
 * taken BEFORE the password is checked and given back when the sign-in succeeds, so only failures
 * stay counted and 100 guesses fired at once cannot all pass a check-then-count race. Without a
 * trusted address (`ip` null: CLIENT_IP_HEADER unset) every visitor is one "unknown" address: the
 * per-address bucket would let one stranger shut everyone out, so it is left out, and the account
 * and address pair is the account alone.
 */
function signInBuckets(email: string, ip: string | null): { key: string; bucket: Bucket }[] {
  const pair = {
    key: `login:account:${email}:from:${ip ?? 'unknown'}`,
    bucket: perWindow(MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS),
  };
  const account = { key: `login:account:${email}`, bucket: perWindow(MAX_FAILURES_PER_ACCOUNT) };
  if (!ip) return [pair, account];
  return [pair, { key: `login:address:${ip}`, bucket: perWindow(MAX_FAILURES_PER_ADDRESS) }, account];
}

async function takeSignInTokens(db: Database, email: string, ip: string | null): Promise<void> {
  const taken: { key: string; bucket: Bucket }[] = [];
  for (const limit of signInBuckets(email, ip)) {
    const take = await takeToken(db, limit.key, limit.bucket);
    if (!take.allowed) {
      await Promise.all(taken.map(({ key, bucket }) => returnToken(db, key, bucket)));
      throw tooManyRequests(take.retryAfterSeconds, TOO_MANY_ATTEMPTS);
    }
    taken.push(limit);
  }
}

async function returnSignInTokens(db: Database, email: string, ip: string | null): Promise<void> {
  await Promise.all(signInBuckets(email, ip).map(({ key, bucket }) => returnToken(db, key, bucket)));
}

async function openSession(db: Database, user: User, userAgent: string | null): Promise<IssuedSession> {
  const refreshToken = randomToken();
  const [session] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      refreshTokenHash: await sha256Hex(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      userAgent: userAgent?.slice(0, 400) ?? null,
    })
    .returning({ id: sessions.id });
  if (!session) throw new Error('Session was not created');
  return { user, sessionId: session.id, refreshToken };
}

export async function signIn(
  db: Database,
  input: { email: string; password: string },
  client: { ip: string | null; userAgent: string | null },
): Promise<IssuedSession> {
  const email = input.email.trim().toLowerCase();
  await takeSignInTokens(db, email, client.ip);
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isBlocked: users.isBlocked })
    .from(users)
    .where(eq(users.email, email));
  const passwordOk = await verifyPassword(input.password, row?.passwordHash ?? DUMMY_PASSWORD_HASH);
  const succeeded = Boolean(row?.passwordHash) && passwordOk;
  // Kept as a record for whoever investigates an attack; the limit itself is the buckets above.
  await db.insert(loginAttempts).values({ email, ip: client.ip, succeeded });
  if (!row || !succeeded) throw unauthorized(INVALID_CREDENTIALS);
  await returnSignInTokens(db, email, client.ip);
  if (row.isBlocked) throw new ApiError(403, ACCOUNT_BLOCKED);
  const user = await findUserWithFeatures(db, row.id);
  if (!user) throw unauthorized(INVALID_CREDENTIALS);
  return openSession(db, user, client.userAgent);
}

export type ReusedSession = { userId: string; sessionId: string };

/**
 * Swaps a refresh token for a new one on the same session; the old one is kept (hashed) in
 * `retired_refresh_tokens`. An unknown or expired token gets 401. A retired token coming back means
 * two parties hold the chain (the refresh-token rotation rule of the OAuth 2.0 Security BCP): the
 * session is revoked, `onReuse` closes its sockets, and the caller gets 401 too.
 */
export async function refreshSession(
  db: Database,
  refreshToken: string | undefined,
  onReuse: (reused: ReusedSession) => Promise<void>,
): Promise<IssuedSession> {
  if (!refreshToken) throw unauthorized(SESSION_EXPIRED);
  const presented = await sha256Hex(refreshToken);
  const nextToken = randomToken();
  // One statement: the rotation and the record of the retired hash commit together.
  const result = await db.execute(sql`
    with rotated as (
      update ${sessions} set refresh_token_hash = ${await sha256Hex(nextToken)}
      where refresh_token_hash = ${presented} and revoked_at is null and expires_at > now()
      returning id, user_id
    ), retired as (
      insert into ${retiredRefreshTokens} (token_hash, session_id)
      select ${presented}, id from rotated
      on conflict (token_hash) do nothing
    )
    select id, user_id from rotated`);
  const [session] = rowsOf<{ id: string; user_id: string }>(result);
  if (!session) {
    const [reused] = await db
      .select({ sessionId: retiredRefreshTokens.sessionId, userId: sessions.userId })
      .from(retiredRefreshTokens)
      .innerJoin(sessions, eq(sessions.id, retiredRefreshTokens.sessionId))
      .where(eq(retiredRefreshTokens.tokenHash, presented));
    if (reused) {
      await revokeSession(db, reused.sessionId);
      await onReuse(reused);
    }
    throw unauthorized(SESSION_EXPIRED);
  }
  const user = await findUserWithFeatures(db, session.user_id);
  if (!user || user.isBlocked) {
    await revokeSession(db, session.id);
    throw unauthorized(SESSION_EXPIRED);
  }
  return { user, sessionId: session.id, refreshToken: nextToken };
}

/** neon-http answers `{ rows }`, a session an array: accept both. */
function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
}

/**
 * The statement that ends every session of a user but `keepSessionId` (none: all of them), after a
 * change of password or email; it answers the ids it ended, so their sockets can be closed. A
 * statement rather than a call, so a change can commit together with it (`writeTogether`).
 */
export function revokeSessionsStatement(db: Database, userId: string, keepSessionId: string | null) {
  return db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
}

/** Above this many sessions, one by-user command closes the sockets (the caller's own reconnects). */
const PER_SESSION_CLOSE_MAX = 20;

/**
 * Closes the sockets of sessions that were just revoked. When every session of the user ended, one
 * by-user command does it; otherwise one per session, so the session that stays keeps its sockets.
 */
export async function closeEndedSessions(
  realtime: Fetcher,
  config: Config,
  db: Database,
  userId: string,
  sessionIds: string[],
  { allOfThem }: { allOfThem: boolean },
): Promise<void> {
  if (sessionIds.length === 0) return;
  if (allOfThem || sessionIds.length > PER_SESSION_CLOSE_MAX) {
    await revokeRealtimeAccess(realtime, config, db, { kind: 'user', userId, reason: 'revoked' });
    return;
  }
  await Promise.all(
    sessionIds.map((sessionId) =>
      revokeRealtimeAccess(realtime, config, db, { kind: 'session', userId, sessionId, reason: 'revoked' }),
    ),
  );
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes by refresh token when the access token is already gone (sign-out after expiry). */
export async function revokeSessionByRefreshToken(
  db: Database,
  refreshToken: string,
): Promise<string | null> {
  const [session] = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.refreshTokenHash, await sha256Hex(refreshToken)), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return session?.id ?? null;
}

export const INVALID_INVITATION = 'This invitation link is invalid or has expired.';
export const EMAIL_TAKEN = 'An account with this email already exists.';
export const PSEUDO_TAKEN = 'This pseudo is already taken.';

/** Joins the community through an invitation: one use, before it expires; the new member is a USER. */
export async function acceptInvite(
  db: SessionDatabase,
  input: AcceptInviteInput,
  client: { userAgent: string | null },
): Promise<IssuedSession> {
  const tokenHash = await sha256Hex(input.token);
  const passwordHash = await hashPassword(input.password);
  const userId = await db.transaction(async (tx) => {
    // Claim the invitation first: the conditional update lets only one redemption win.
    const [invite] = await tx
      .update(invites)
      .set({ usedAt: new Date() })
      .where(and(eq(invites.tokenHash, tokenHash), isNull(invites.usedAt), gt(invites.expiresAt, new Date())))
      .returning({ id: invites.id, email: invites.email });
    if (!invite) throw badRequest(INVALID_INVITATION);
    const email = invite.email.trim().toLowerCase();
    const [taken] = await tx
      .select({ email: users.email, pseudo: users.pseudo })
      .from(users)
      .where(sql`${users.email} = ${email} or lower(${users.pseudo}) = lower(${input.pseudo})`);
    if (taken?.email === email) throw conflict(EMAIL_TAKEN);
    if (taken) throw conflict(PSEUDO_TAKEN, [{ path: 'pseudo', message: PSEUDO_TAKEN }]);
    const [created] = await tx
      .insert(users)
      .values({
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        pseudo: input.pseudo,
        passwordHash,
        role: 'USER',
        welcomePending: true,
      })
      .returning({ id: users.id });
    if (!created) throw new Error('User was not created');
    await tx
      .insert(userFeatures)
      .values(FEATURE_KEYS.map((feature) => ({ userId: created.id, feature, enabled: true })));
    await tx.update(invites).set({ usedBy: created.id }).where(eq(invites.id, invite.id));
    return created.id;
  });
  const user = await findUserWithFeatures(db, userId);
  if (!user) throw new Error('User vanished after creation');
  return openSession(db, user, client.userAgent);
}

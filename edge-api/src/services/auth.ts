// Signing in and out: password check with per-account and per-address failure limits, sessions
// with rotating refresh tokens, and redeeming a community invitation.
import { invites, loginAttempts, sessions, userFeatures, users } from '@community/db/schema';
import { type AcceptInviteInput, FEATURE_KEYS, type User } from '@community/domain';
import { and, count, eq, gt, isNull, min, sql } from 'drizzle-orm';
import type { Database, SessionDatabase } from '../db.ts';
import { ApiError, badRequest, conflict, unauthorized } from '../lib/errors.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../lib/password.ts';
import { REFRESH_TOKEN_TTL_SECONDS, randomToken, sha256Hex } from '../lib/tokens.ts';
import { findUserWithFeatures } from './users.ts';

/** Zulip's default: 5 failures per account in 30 minutes. A wider net per address. */
export const LOGIN_WINDOW_MS = 30 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 50;

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Try again later.';
export const ACCOUNT_BLOCKED = 'Your account has been blocked.';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

export type IssuedSession = { user: User; sessionId: string; refreshToken: string };

async function failuresSince(db: Database, column: 'email' | 'ip', value: string, since: Date) {
  const [row] = await db
    .select({ failures: count(), oldest: min(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts[column], value),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.createdAt, since),
      ),
    );
  return { failures: row?.failures ?? 0, oldest: row?.oldest ?? null };
}

async function refuseIfRateLimited(db: Database, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  const [account, address] = await Promise.all([
    failuresSince(db, 'email', email, since),
    failuresSince(db, 'ip', ip, since),
  ]);
  const limited =
    account.failures >= MAX_FAILURES_PER_ACCOUNT
      ? account
      : address.failures >= MAX_FAILURES_PER_ADDRESS
        ? address
        : null;
  if (!limited) return;
  const oldest = limited.oldest ? new Date(limited.oldest).getTime() : Date.now();
  const retryAfter = Math.max(1, Math.ceil((oldest + LOGIN_WINDOW_MS - Date.now()) / 1000));
  throw new ApiError(429, TOO_MANY_ATTEMPTS, undefined, { 'Retry-After': String(retryAfter) });
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
  client: { ip: string; userAgent: string | null },
): Promise<IssuedSession> {
  const email = input.email.trim().toLowerCase();
  await refuseIfRateLimited(db, email, client.ip);
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isBlocked: users.isBlocked })
    .from(users)
    .where(eq(users.email, email));
  const passwordOk = await verifyPassword(input.password, row?.passwordHash ?? DUMMY_PASSWORD_HASH);
  const succeeded = Boolean(row?.passwordHash) && passwordOk;
  await db.insert(loginAttempts).values({ email, ip: client.ip, succeeded });
  if (!row || !succeeded) throw unauthorized(INVALID_CREDENTIALS);
  if (row.isBlocked) throw new ApiError(403, ACCOUNT_BLOCKED);
  const user = await findUserWithFeatures(db, row.id);
  if (!user) throw unauthorized(INVALID_CREDENTIALS);
  return openSession(db, user, client.userAgent);
}

/** Swaps a refresh token for a new one on the same session; an old or unknown token gets 401. */
export async function refreshSession(db: Database, refreshToken: string | undefined): Promise<IssuedSession> {
  if (!refreshToken) throw unauthorized(SESSION_EXPIRED);
  const nextToken = randomToken();
  const [session] = await db
    .update(sessions)
    .set({ refreshTokenHash: await sha256Hex(nextToken) })
    .where(
      and(
        eq(sessions.refreshTokenHash, await sha256Hex(refreshToken)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .returning({ id: sessions.id, userId: sessions.userId });
  if (!session) throw unauthorized(SESSION_EXPIRED);
  const user = await findUserWithFeatures(db, session.userId);
  if (!user || user.isBlocked) {
    await revokeSession(db, session.id);
    throw unauthorized(SESSION_EXPIRED);
  }
  return { user, sessionId: session.id, refreshToken: nextToken };
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

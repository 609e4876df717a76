// Managing members from the admin panel. The rules (spec section 6, issue 5) hold on the server:
// only ADMIN and SUPER_ADMIN get here; an ADMIN never creates, edits, blocks or deletes a
// SUPER_ADMIN; nobody changes their own role, nor blocks or deletes themselves or the owner.
import { communities, sessions, userFeatures, users } from '@community/db/schema';
import {
  FEATURE_KEYS,
  type FeatureKey,
  ImportUserRow,
  importSkipNote,
  importSkippedExisting,
  type UpdateUserFeaturesInput,
  type User,
  type UserFormInput,
} from '@community/domain';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { type Database, type SessionDatabase, writeTogether } from '../db.ts';
import { ApiError, conflict, forbidden, notFound, postgresError } from '../lib/errors.ts';
import { hashPassword } from '../lib/password.ts';
import { type AuditEntry, audit, auditStatement } from './audit.ts';
import { conversationRoomsOf } from './conversations.ts';
import type { RoomAddress } from './realtime.ts';
import { roomsOfUser } from './realtime-grants.ts';
import { findUserById, type UserRow } from './users.ts';

export const NO_PERMISSION = 'You do not have permission to perform this action.';
export const CANNOT_TOUCH_SELF = 'You cannot block or delete your own account.';
export const CANNOT_TOUCH_OWNER = 'The community owner cannot be blocked or deleted.';
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own role.';
export const EMAIL_TAKEN = 'An account with this email already exists.';
export const PSEUDO_TAKEN = 'This pseudo is already taken.';
export const HAND_OVER_SPACES = 'This user administers spaces: hand them over before deleting the account.';

/** The user an admin acts on: 404 if absent, 403 if an ADMIN aims at a SUPER_ADMIN. */
export async function targetOf(db: Database, actor: User, userId: string): Promise<UserRow> {
  const target = await findUserById(db, userId);
  if (!target) throw notFound('User not found');
  if (target.role === 'SUPER_ADMIN' && actor.role !== 'SUPER_ADMIN') throw forbidden(NO_PERMISSION);
  return target;
}

async function assertNotSelfOrOwner(db: Database, actor: User, target: UserRow): Promise<void> {
  if (target.id === actor.id) throw forbidden(CANNOT_TOUCH_SELF);
  const [owned] = await db
    .select({ id: communities.id })
    .from(communities)
    .where(eq(communities.ownerId, target.id));
  if (owned) throw forbidden(CANNOT_TOUCH_OWNER);
}

async function assertUnique(db: Database, email: string, pseudo: string, exceptId?: string): Promise<void> {
  const [clash] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(or(eq(users.email, email), sql`lower(${users.pseudo}) = lower(${pseudo})`));
  if (!clash || clash.id === exceptId) return;
  if (clash.email === email) throw conflict(EMAIL_TAKEN, [{ path: 'email', message: EMAIL_TAKEN }]);
  throw conflict(PSEUDO_TAKEN, [{ path: 'pseudo', message: PSEUDO_TAKEN }]);
}

const featureRows = (userId: string, enabled: readonly FeatureKey[]) =>
  FEATURE_KEYS.map((feature) => ({ userId, feature, enabled: enabled.includes(feature) }));

const profileFields = (input: UserFormInput) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  pseudo: input.pseudo,
  email: input.email.toLowerCase(),
  job: input.job,
  company: input.company,
  city: input.city,
  role: input.role,
});

export async function addUser(db: SessionDatabase, actor: User, input: UserFormInput): Promise<string> {
  const fields = profileFields(input);
  await assertUnique(db, fields.email, fields.pseudo);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      // A new member: Home greets them with the first-visit welcome until they dismiss it.
      .values({ ...fields, passwordHash, welcomePending: true })
      .returning({ id: users.id });
    if (!created) throw new Error('User was not created');
    await tx.insert(userFeatures).values(featureRows(created.id, input.features));
    // In the transaction: an account never exists without the audit line that says who added it.
    await audit(tx, actor.id, {
      action: 'user.add',
      targetType: 'user',
      targetId: created.id,
      changes: { ...fields, features: input.features },
    });
    return created.id;
  });
  return id;
}

/**
 * Saves the edit form. A new password or email ends every session of that user (someone who knew
 * the old credentials must not stay signed in), except `keepSessionId`: the admin's own session when
 * they edit themselves. Answers the sessions it ended; the caller closes their sockets.
 */
export async function editUser(
  db: SessionDatabase,
  actor: User,
  userId: string,
  input: UserFormInput,
  keepSessionId: string | null = null,
): Promise<{ endedSessionIds: string[] }> {
  const target = await targetOf(db, actor, userId);
  const fields = profileFields(input);
  if (target.id === actor.id && fields.role !== target.role) throw forbidden(CANNOT_CHANGE_OWN_ROLE);
  await assertUnique(db, fields.email, fields.pseudo, target.id);
  const changed = Object.fromEntries(
    Object.entries(fields).filter(([key, value]) => target[key as keyof UserRow] !== value),
  );
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const credentialsChanged = Boolean(passwordHash) || fields.email !== target.email;
  const endedSessionIds = await db.transaction(async (tx) => {
    await audit(tx, actor.id, {
      action: 'user.edit',
      targetType: 'user',
      targetId: target.id,
      changes: { ...changed, features: input.features, ...(passwordHash ? { passwordChanged: true } : {}) },
    });
    await tx
      .update(users)
      .set({ ...fields, ...(passwordHash ? { passwordHash } : {}) })
      .where(eq(users.id, target.id));
    await tx.delete(userFeatures).where(eq(userFeatures.userId, target.id));
    await tx.insert(userFeatures).values(featureRows(target.id, input.features));
    if (!credentialsChanged) return [];
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.userId, target.id),
          isNull(sessions.revokedAt),
          keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
        ),
      )
      .returning({ id: sessions.id });
    return ended.map((session) => session.id);
  });
  return { endedSessionIds };
}

export async function updateFeatures(
  db: Database,
  actor: User,
  userId: string,
  input: UpdateUserFeaturesInput,
) {
  const target = await targetOf(db, actor, userId);
  if (input.features.length === 0) return;
  await writeTogether(db, (tx) => [
    tx
      .insert(userFeatures)
      .values(input.features.map(({ feature, enabled }) => ({ userId: target.id, feature, enabled })))
      .onConflictDoUpdate({
        target: [userFeatures.userId, userFeatures.feature],
        set: { enabled: sql`excluded.enabled` },
      }),
    auditStatement(tx, actor.id, {
      action: 'user.updateFeatures',
      targetType: 'user',
      targetId: target.id,
      changes: { features: input.features },
    }),
  ]);
}

/**
 * Blocks the user and ends every session at once; the caller closes their sockets
 * (revokeRealtimeAccess finds every room through the sessions' grants).
 */
export async function setBlocked(db: Database, actor: User, userId: string, blocked: boolean): Promise<void> {
  const target = await targetOf(db, actor, userId);
  if (blocked) await assertNotSelfOrOwner(db, actor, target);
  // Blocked, signed out everywhere and audited together: never blocked with a session left open.
  await writeTogether(db, (tx) => [
    tx.update(users).set({ isBlocked: blocked }).where(eq(users.id, target.id)),
    // Reactivating opens no session: the statement then matches nothing (one shape for the batch).
    tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(eq(sessions.userId, target.id), isNull(sessions.revokedAt), blocked ? undefined : sql`false`),
      ),
    auditStatement(tx, actor.id, {
      action: blocked ? 'user.block' : 'user.reactivate',
      targetType: 'user',
      targetId: target.id,
      changes: { isBlocked: blocked },
    }),
  ]);
}

/**
 * Deletes the user; answers the realtime rooms they held tickets for, read first because the
 * grants go with the sessions, so the caller can still close their sockets there.
 */
export async function deleteUser(
  db: Database,
  actor: User,
  userId: string,
): Promise<{ rooms: RoomAddress[] }> {
  const target = await targetOf(db, actor, userId);
  await assertNotSelfOrOwner(db, actor, target);
  // Their conversation rooms too: revokeRealtimeAccess closes those for the other participant as well.
  const rooms = [...(await roomsOfUser(db, target.id)), ...(await conversationRoomsOf(db, target.id))];
  try {
    await writeTogether(db, (tx) => [
      tx.delete(users).where(eq(users.id, target.id)),
      auditStatement(tx, actor.id, {
        action: 'user.delete',
        targetType: 'user',
        targetId: target.id,
        changes: { email: target.email, pseudo: target.pseudo },
      }),
    ]);
  } catch (error) {
    if (postgresError(error)?.code === '23503') throw new ApiError(409, HAND_OVER_SPACES);
    throw error;
  }
  return { rooms };
}

/** Per-row results by the row's index in the request: errors refuse a row; skipped rows are notes. */
export type ImportRowNote = { index: number; message: string };
export type ImportOutcome = { created: number; errors: ImportRowNote[]; skipped: ImportRowNote[] };

/**
 * The import endpoint's work on the rows as sent: a SUPER_ADMIN row is skipped with a note (no import
 * creates or changes that role, and every full export lists the owner), a row that fails the schema
 * is an error, the rest go to `importUsers`. Indexes in the answer are the request's.
 */
export async function importUserRows(
  db: SessionDatabase,
  actor: User,
  raw: unknown[],
  dryRun: boolean,
): Promise<ImportOutcome> {
  const errors: ImportRowNote[] = [];
  const skipped: ImportRowNote[] = [];
  const valid: { index: number; row: ImportUserRow }[] = [];
  raw.forEach((candidate, index) => {
    const note = importSkipNote(candidate);
    if (note) {
      skipped.push({ index, message: note });
      return;
    }
    const parsed = ImportUserRow.safeParse(candidate);
    if (parsed.success) valid.push({ index, row: parsed.data });
    else errors.push({ index, message: parsed.error.issues[0]?.message ?? 'Invalid row' });
  });
  const outcome = await importUsers(
    db,
    actor,
    valid.map((v) => v.row),
    dryRun,
  );
  const toRequest = (note: ImportRowNote) => ({ index: valid[note.index]!.index, message: note.message });
  const byIndex = (a: ImportRowNote, b: ImportRowNote) => a.index - b.index;
  return {
    created: outcome.created,
    errors: [...errors, ...outcome.errors.map(toRequest)].sort(byIndex),
    skipped: [...skipped, ...outcome.skipped.map(toRequest)].sort(byIndex),
  };
}

/**
 * Imports a batch. A row that names an existing member (same email and same pseudo) is skipped with
 * a note: an import adds accounts and never changes one, and re-importing an export must not be a
 * wall of errors. A row whose email or pseudo belongs to another account (or repeats within the
 * batch) is an error. The rest are written in one statement per table.
 * With `dryRun`, nothing is written: the answer says what would happen.
 */
export async function importUsers(
  db: SessionDatabase,
  actor: User,
  rows: ImportUserRow[],
  dryRun: boolean,
): Promise<ImportOutcome> {
  const errors: ImportOutcome['errors'] = [];
  const skipped: ImportOutcome['skipped'] = [];
  const emails = rows.map((row) => row.email.toLowerCase());
  const pseudos = rows.map((row) => row.pseudo.toLowerCase());
  const existing = rows.length
    ? await db
        .select({ email: users.email, pseudo: sql<string>`lower(${users.pseudo})` })
        .from(users)
        .where(or(inArray(users.email, emails), inArray(sql`lower(${users.pseudo})`, pseudos)))
    : [];
  const memberPseudoByEmail = new Map(existing.map((row) => [row.email, row.pseudo]));
  const takenEmails = new Set(existing.map((row) => row.email));
  const takenPseudos = new Set(existing.map((row) => row.pseudo));
  const accepted: { index: number; row: ImportUserRow }[] = [];
  rows.forEach((row, index) => {
    const email = emails[index]!;
    const pseudo = pseudos[index]!;
    if (memberPseudoByEmail.get(email) === pseudo) {
      skipped.push({ index, message: importSkippedExisting(row.email) });
      memberPseudoByEmail.delete(email); // a second copy in the batch is an error, as below
    } else if (takenEmails.has(email)) errors.push({ index, message: `${EMAIL_TAKEN} (${row.email})` });
    else if (takenPseudos.has(pseudo)) errors.push({ index, message: `${PSEUDO_TAKEN} (${row.pseudo})` });
    else {
      takenEmails.add(email);
      takenPseudos.add(pseudo);
      accepted.push({ index, row });
    }
  });
  if (dryRun || accepted.length === 0) return { created: dryRun ? accepted.length : 0, errors, skipped };
  // One statement for the users and their eight feature rows each.
  const input = JSON.stringify(
    accepted.map(({ row }) => ({
      first_name: row.firstName,
      last_name: row.lastName,
      pseudo: row.pseudo,
      email: row.email.toLowerCase(),
      job: row.job || null,
      company: row.company || null,
      city: row.city || null,
      role: row.role,
      is_blocked: row.isBlocked,
      features: row.features,
    })),
  );
  const entries: AuditEntry[] = [
    {
      action: 'user.import',
      targetType: 'user',
      targetId: null,
      changes: { created: accepted.length, emails: accepted.map(({ row }) => row.email) },
    },
  ];
  // The batch and its audit line commit together, or neither does.
  await db.transaction(async (tx) => {
    await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as x(
        first_name text, last_name text, pseudo text, email text, job text, company text, city text,
        role role, is_blocked boolean, features text[])
    ), created as (
      insert into ${users} (first_name, last_name, pseudo, email, job, company, city, role, is_blocked,
        welcome_pending)
      select first_name, last_name, pseudo, email, job, company, city, role, is_blocked, true from input
      returning id, email
    )
    insert into ${userFeatures} (user_id, feature, enabled)
    select created.id, key, key::text = any(input.features)
    from created join input on input.email = created.email
    cross join unnest(enum_range(null::feature_key)) as key`);
    await audit(tx, actor.id, entries);
  });
  return { created: accepted.length, errors, skipped };
}

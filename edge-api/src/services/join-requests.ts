// Requests to join a private space (issue 30; docs/product-decisions.md "Spaces and chat"). One row
// per member and space (a unique constraint): PENDING until the space's admin or a moderator
// decides. Approving deletes the pending row in one statement and only the caller whose statement
// deleted it goes on to admit the member, so two moderators approving at once make one membership
// and one notification. Declining keeps the row DECLINED with its time, from which the cool-down
// runs; asking again after it turns the same row PENDING. Withdrawing deletes a pending row.
import { notifications, spaceJoinRequests, spaces, users } from '@community/db/schema';
import {
  JOIN_REQUEST_COOLDOWN_DAYS,
  type JoinRequest,
  type MyJoinRequest,
  type NotificationKind,
} from '@community/domain';
import { errorFields } from '@community/realtime-protocol';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { logEvent } from '../lib/request-trace.ts';
import { isoColumn, pushNotifications } from './notifications.ts';
import { rowsOf } from './posts-rows.ts';

export const ALREADY_ASKED = 'You have already asked to join this space.';
export const ASK_AGAIN_LATER = `Your request was declined. You can ask again ${JOIN_REQUEST_COOLDOWN_DAYS} days after that.`;
export const REQUEST_GONE = 'This request was already answered or withdrawn.';
export const NO_PENDING_REQUEST = 'You have no pending request to join this space.';

const cooldown = sql.raw(`interval '${JOIN_REQUEST_COOLDOWN_DAYS} days'`);

function toMine(row: { status: 'PENDING' | 'DECLINED'; decidedAt: Date | null }): MyJoinRequest {
  const askAgainAt =
    row.status === 'DECLINED' && row.decidedAt
      ? new Date(row.decidedAt.getTime() + JOIN_REQUEST_COOLDOWN_DAYS * 86_400_000).toISOString()
      : null;
  return { status: row.status, askAgainAt };
}

/** The caller's own request to join the space, or null. */
export async function myJoinRequest(
  db: Database,
  spaceId: string,
  userId: string,
): Promise<MyJoinRequest | null> {
  const [row] = await db
    .select({ status: spaceJoinRequests.status, decidedAt: spaceJoinRequests.decidedAt })
    .from(spaceJoinRequests)
    .where(and(eq(spaceJoinRequests.spaceId, spaceId), eq(spaceJoinRequests.userId, userId)));
  return row ? toMine(row) : null;
}

/** The caller's own requests to join among `spaceIds` (the Spaces page's private cards), by space. */
export async function myJoinRequests(
  db: Database,
  spaceIds: string[],
  userId: string,
): Promise<Map<string, MyJoinRequest>> {
  const mine = new Map<string, MyJoinRequest>();
  if (spaceIds.length === 0) return mine;
  const rows = await db
    .select({
      spaceId: spaceJoinRequests.spaceId,
      status: spaceJoinRequests.status,
      decidedAt: spaceJoinRequests.decidedAt,
    })
    .from(spaceJoinRequests)
    .where(and(inArray(spaceJoinRequests.spaceId, spaceIds), eq(spaceJoinRequests.userId, userId)));
  for (const row of rows) mine.set(row.spaceId, toMine(row));
  return mine;
}

/**
 * Asks to join (the route checked the space is private and the caller not in it). A second ask while
 * one waits is 409, and so is one within the cool-down after a decline. Answers the new request's id.
 */
export async function askToJoin(db: Database, spaceId: string, userId: string): Promise<string> {
  const [asked] = await db
    .insert(spaceJoinRequests)
    .values({ spaceId, userId })
    .onConflictDoUpdate({
      target: [spaceJoinRequests.spaceId, spaceJoinRequests.userId],
      set: { status: 'PENDING', createdAt: sql`now()`, decidedAt: null },
      setWhere: sql`${spaceJoinRequests.status} = 'DECLINED' and ${spaceJoinRequests.decidedAt} <= now() - ${cooldown}`,
    })
    .returning({ id: spaceJoinRequests.id });
  if (asked) return asked.id;
  const mine = await myJoinRequest(db, spaceId, userId);
  throw conflict(mine?.status === 'DECLINED' ? ASK_AGAIN_LATER : ALREADY_ASKED);
}

/** Withdraws the caller's pending request (a declined one stays, with its cool-down). */
export async function withdrawRequest(db: Database, spaceId: string, userId: string): Promise<void> {
  const deleted = await db
    .delete(spaceJoinRequests)
    .where(
      and(
        eq(spaceJoinRequests.spaceId, spaceId),
        eq(spaceJoinRequests.userId, userId),
        eq(spaceJoinRequests.status, 'PENDING'),
      ),
    )
    .returning({ id: spaceJoinRequests.id });
  if (deleted.length === 0) throw notFound(NO_PENDING_REQUEST);
}

/** Pending requests, oldest first, for the members dialog (blocked askers left out). */
export async function pendingRequests(db: Database, spaceId: string): Promise<JoinRequest[]> {
  const rows = await db
    .select({
      id: spaceJoinRequests.id,
      createdAt: spaceJoinRequests.createdAt,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, imageUrl: users.imageUrl },
    })
    .from(spaceJoinRequests)
    .innerJoin(users, eq(users.id, spaceJoinRequests.userId))
    .where(
      and(
        eq(spaceJoinRequests.spaceId, spaceId),
        eq(spaceJoinRequests.status, 'PENDING'),
        eq(users.isBlocked, false),
      ),
    )
    .orderBy(asc(spaceJoinRequests.createdAt), asc(spaceJoinRequests.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * Takes a pending request off the list, as one statement: approving deletes it, declining marks it
 * DECLINED. Answers its member; 404 when another decider got there first (or it was withdrawn).
 */
export async function decideRequest(
  db: Database,
  spaceId: string,
  requestId: string,
  approve: boolean,
): Promise<string> {
  const pending = and(
    eq(spaceJoinRequests.id, requestId),
    eq(spaceJoinRequests.spaceId, spaceId),
    eq(spaceJoinRequests.status, 'PENDING'),
  );
  const [decided] = approve
    ? await db.delete(spaceJoinRequests).where(pending).returning({ userId: spaceJoinRequests.userId })
    : await db
        .update(spaceJoinRequests)
        .set({ status: 'DECLINED', decidedAt: sql`now()` })
        .where(pending)
        .returning({ userId: spaceJoinRequests.userId });
  if (decided) return decided.userId;
  // Gone (approved by someone else, withdrawn, or never there) or already declined.
  throw notFound(REQUEST_GONE);
}

/** A membership made another way (an invite, the admin adding them) answers the request too. */
export async function clearRequest(db: Database, spaceId: string, userId: string): Promise<void> {
  await db
    .delete(spaceJoinRequests)
    .where(and(eq(spaceJoinRequests.spaceId, spaceId), eq(spaceJoinRequests.userId, userId)));
}

type InsertedRow = { id: string; user_id: string; created_at: string };

/**
 * Writes and pushes one notification to each of `recipients` (a query of user ids) who is not
 * blocked and has `spaces` on. Best effort: the request or decision stands whatever happens here.
 */
async function notify(
  db: Database,
  realtime: Fetcher,
  config: Config,
  recipients: ReturnType<typeof sql>,
  notice: { type: NotificationKind; title: string; payload: Record<string, string> },
): Promise<boolean> {
  try {
    const rows = rowsOf<InsertedRow>(
      await db.execute(sql`
        insert into ${notifications} (user_id, type, title, payload)
        select u.id, ${sql.raw(`'${notice.type}'`)}, ${notice.title}, ${JSON.stringify(notice.payload)}::jsonb
        from users u
        where u.id in (${recipients}) and not u.is_blocked
          and exists (select 1 from user_features f
            where f.user_id = u.id and f.feature = 'spaces' and f.enabled)
        returning id, user_id, ${isoColumn('created_at')} as created_at`),
    );
    return await pushNotifications(realtime, config, rows, notice);
  } catch (error) {
    logEvent('error', 'Join request notification failed', { type: notice.type, error: errorFields(error) });
    return false;
  }
}

async function namesOf(db: Database, spaceId: string, userId: string) {
  const [row] = await db
    .select({ space: spaces.name, firstName: users.firstName, lastName: users.lastName })
    .from(spaces)
    .innerJoin(users, eq(users.id, userId))
    .where(eq(spaces.id, spaceId));
  return row;
}

/** JOIN_REQUEST to the space's admin and moderators. */
export async function notifyRequest(
  db: Database,
  realtime: Fetcher,
  config: Config,
  request: { id: string; spaceId: string; userId: string },
): Promise<boolean> {
  const names = await namesOf(db, request.spaceId, request.userId);
  if (!names) return false;
  return notify(
    db,
    realtime,
    config,
    sql`select user_id from space_members where space_id = ${request.spaceId} and role in ('ADMIN', 'MODERATOR')`,
    {
      type: 'JOIN_REQUEST',
      title: `${names.firstName} ${names.lastName} asked to join ${names.space}`,
      payload: { spaceId: request.spaceId, requestId: request.id, userId: request.userId },
    },
  );
}

/** JOIN_APPROVED or JOIN_DECLINED to the member who asked. */
export async function notifyDecision(
  db: Database,
  realtime: Fetcher,
  config: Config,
  decision: { spaceId: string; userId: string; approved: boolean },
): Promise<boolean> {
  const names = await namesOf(db, decision.spaceId, decision.userId);
  if (!names) return false;
  return notify(db, realtime, config, sql`select ${decision.userId}::uuid`, {
    type: decision.approved ? 'JOIN_APPROVED' : 'JOIN_DECLINED',
    title: decision.approved
      ? `Your request to join ${names.space} was approved`
      : `Your request to join ${names.space} was declined`,
    payload: { spaceId: decision.spaceId },
  });
}

// Which realtime rooms a session was given tickets for (`realtime_grants`). Recorded at issue, so
// revoking a session or a user reaches every room where one of their sockets may be open, public
// spaces they only read included, without the room keeping any list of its own.
import { realtimeGrants, sessions } from '@community/db/schema';
import { PARTIES, type PartyName } from '@community/realtime-protocol';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db.ts';
import type { RoomAddress } from './realtime.ts';

const KNOWN_PARTIES = new Set<string>(Object.values(PARTIES));

/** neon-http answers `{ rows }`, a session an array: accept both. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

/**
 * Records (or refreshes) the grant, only while the session is live. A sign-out that commits while
 * the ticket is being issued then either sees this grant or makes this insert find no live
 * session: false, and the caller refuses the ticket.
 */
export async function recordGrant(db: Database, sessionId: string, address: RoomAddress): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${realtimeGrants} (session_id, party, room, granted_at)
    select ${sessionId}, ${address.party}, ${address.room}, now()
    where exists (select 1 from ${sessions} where id = ${sessionId} and revoked_at is null)
    on conflict (session_id, party, room) do update set granted_at = now()
    returning 1 as recorded`);
  return rowsOf(result).length > 0;
}

function toAddresses(rows: { party: string; room: string }[]): RoomAddress[] {
  return rows
    .filter((row) => KNOWN_PARTIES.has(row.party))
    .map((row) => ({ party: row.party as PartyName, room: row.room }));
}

export async function roomsOfSession(db: Database, sessionId: string): Promise<RoomAddress[]> {
  const rows = await db
    .select({ party: realtimeGrants.party, room: realtimeGrants.room })
    .from(realtimeGrants)
    .where(eq(realtimeGrants.sessionId, sessionId));
  return toAddresses(rows);
}

/** Every room any session of the user (revoked ones too: their sockets may still be open) was granted. */
export async function roomsOfUser(db: Database, userId: string): Promise<RoomAddress[]> {
  const rows = await db
    .selectDistinct({ party: realtimeGrants.party, room: realtimeGrants.room })
    .from(realtimeGrants)
    .innerJoin(sessions, eq(sessions.id, realtimeGrants.sessionId))
    .where(eq(sessions.userId, userId));
  return toAddresses(rows);
}

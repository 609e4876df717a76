// What the calendar suites (ical-parsers, ical-time-zones, event-time-zones) start from: the demo
// member and host signed in, and a public space the host is in, to write events in.
import { type Session, signIn, withDatabase } from '../../scripts/lib/api-test-client.ts';

export async function calendarFixtures(): Promise<{ member: Session; host: Session; spaceId: string }> {
  const [member, host] = await Promise.all([signIn('member@example.com'), signIn('host@example.com')]);
  const spaceId = await withDatabase(
    async (db) =>
      (
        await db.query(
          `select s.id from spaces s join space_members m on m.space_id = s.id and m.user_id = $1
           where s.type = 'PUBLIC' order by s.created_at limit 1`,
          [host.user.id],
        )
      ).rows[0].id as string,
  );
  return { member, host, spaceId };
}

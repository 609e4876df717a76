// Event reminders (issue 29): members who RSVPed hear of each date they attend 24 hours and 1 hour
// before it (EVENT_REMINDER, their toast and bell). The Worker's minute Cron Trigger runs
// `sendDueReminders` with its scheduled time; every date starting within the next 24 hours is due
// for one lead: the 1-hour one if it starts within the hour, else the 24-hour one. A lead goes out
// once per date (the event_reminders ledger row is written in the statement that writes its
// notifications), so runs may repeat, overlap or be missed: a run after a pause sends what is due
// then (a late 24-hour reminder says how long is really left; within the hour only the 1-hour one).
//
// Who hears: those who RSVPed before the lead's moment (someone who RSVPs 3 hours ahead has the
// event in mind; they get the 1-hour one), who may still open the event and have `events` on (the
// rule of every event notice, event-notices.ts). Never for a cancelled event or a cancelled date,
// a draft, or the waitlist.
import { eventMembers, eventReminders, events } from '@community/db/schema';
import { and, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';
import { occurrencesBetween } from '../lib/occurrences.ts';
import { notifyAboutEvent } from './event-notices.ts';
import { cancelledOf, seriesOf } from './events.ts';

const MINUTE = 60_000;
export const REMINDER_LEADS_MINUTES = { day: 24 * 60, hour: 60 } as const;
const HORIZON_MS = REMINDER_LEADS_MINUTES.day * MINUTE;

/**
 * At most this many dates' reminders per run: each is a statement and a fan-out (subrequests of a
 * Cron invocation are limited); the rest are due in the next run, a minute later.
 */
export const REMINDER_DATES_PER_RUN = 200;

type DueReminder = {
  event: { id: string; spaceId: string; title: string };
  start: Date;
  leadMinutes: number;
};

export type RemindersRun = { due: number; sent: number; failed: number };

export async function sendDueReminders(
  db: Database,
  realtime: Fetcher,
  config: Config,
  now: Date,
): Promise<RemindersRun> {
  const due = await dueReminders(db, now);
  const batch = due.slice(0, REMINDER_DATES_PER_RUN);
  let sent = 0;
  let failed = 0;
  // One at a time: a run has seconds, and a burst of fan-outs gains nothing over a steady one.
  for (const reminder of batch) {
    if (await sendReminder(db, realtime, config, reminder, now)) sent++;
    else failed++;
  }
  return { due: due.length, sent, failed };
}

/** Every (date, lead) due at `now` and not yet sent, soonest first. */
async function dueReminders(db: Database, now: Date): Promise<DueReminder[]> {
  const horizon = new Date(now.getTime() + HORIZON_MS);
  const rows = await db
    .select({
      id: events.id,
      spaceId: events.spaceId,
      title: events.title,
      startDate: events.startDate,
      endDate: events.endDate,
      repeat: events.repeat,
      timeZone: events.timeZone,
      cancelled: cancelledOf,
    })
    .from(events)
    .where(
      and(
        eq(events.published, true),
        isNull(events.cancelledAt),
        lte(events.startDate, horizon),
        or(ne(events.repeat, 'NO_REPEAT'), gt(events.startDate, now)),
        sql`exists (select 1 from ${eventMembers} where ${eventMembers.eventId} = ${events.id})`,
      ),
    );
  // Dates starting in (now, now + 24 h]: occurrencesBetween is [from, to).
  const candidates = rows.flatMap((row) =>
    occurrencesBetween(
      seriesOf(row, row.cancelled),
      new Date(now.getTime() + 1),
      new Date(horizon.getTime() + 1),
    )
      .filter((occurrence) => !occurrence.cancelled)
      .map((occurrence) => ({
        event: { id: row.id, spaceId: row.spaceId, title: row.title },
        start: occurrence.start,
        leadMinutes: leadAt(occurrence.start, now),
      })),
  );
  if (candidates.length === 0) return [];
  const sent = await db
    .select({
      eventId: eventReminders.eventId,
      start: eventReminders.occurrenceStart,
      leadMinutes: eventReminders.leadMinutes,
    })
    .from(eventReminders)
    .where(
      and(
        inArray(eventReminders.eventId, [...new Set(candidates.map((due) => due.event.id))]),
        gt(eventReminders.occurrenceStart, now),
      ),
    );
  const done = new Set(sent.map((row) => keyOf(row.eventId, row.start, row.leadMinutes)));
  return candidates
    .filter((due) => !done.has(keyOf(due.event.id, due.start, due.leadMinutes)))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

const keyOf = (eventId: string, start: Date, leadMinutes: number) =>
  `${eventId}|${start.getTime()}|${leadMinutes}`;

/** The lead a date starting at `start` is due for at `now` (it starts within the next 24 hours). */
const leadAt = (start: Date, now: Date) =>
  start.getTime() - now.getTime() <= REMINDER_LEADS_MINUTES.hour * MINUTE
    ? REMINDER_LEADS_MINUTES.hour
    : REMINDER_LEADS_MINUTES.day;

/** Records the (date, lead) and notifies its attendees in one statement; false if it failed. */
function sendReminder(
  db: Database,
  realtime: Fetcher,
  config: Config,
  { event, start, leadMinutes }: DueReminder,
  now: Date,
): Promise<boolean> {
  const moment = new Date(start.getTime() - leadMinutes * MINUTE);
  return notifyAboutEvent(db, realtime, config, event, {
    type: 'EVENT_REMINDER',
    title: reminderTitle(event.title, start, now),
    payload: { occurrenceStart: start.toISOString() },
    withClause: sql`with recorded as (
      insert into ${eventReminders} (event_id, occurrence_start, lead_minutes)
      values (${event.id}, ${start.toISOString()}::timestamptz, ${leadMinutes})
      on conflict do nothing returning event_id)`,
    candidates: sql`select ${eventMembers.userId} from ${eventMembers}
      where ${eventMembers.eventId} = ${event.id}
        and ${eventMembers.createdAt} < ${moment.toISOString()}::timestamptz
        and exists (select 1 from recorded)`,
  });
}

/** "Reminder: {title} starts in 24 hours" (or in 5 hours, 1 hour, 40 minutes: what is left at `now`). */
export function reminderTitle(title: string, start: Date, now: Date): string {
  const minutes = Math.max(1, Math.round((start.getTime() - now.getTime()) / MINUTE));
  const hours = Math.round(minutes / 60);
  const left =
    minutes >= 55
      ? `${hours} ${hours === 1 ? 'hour' : 'hours'}`
      : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return `Reminder: ${title} starts in ${left}`;
}

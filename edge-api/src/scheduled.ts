// The Worker's Cron Triggers (wrangler.jsonc, crons.ts): hourly housekeeping, and every minute the event
// reminders and the emails of what happened while members were away that are due at the trigger's scheduled time (locally, scripts/lib/local-cron.ts fires
// them for `npm start`; tests fire them through Miniflare's /cdn-cgi/local/scheduled with a `time` of
// their choosing).

import { logLine } from '@community/realtime-protocol';
import { type Bindings, readConfig } from './config.ts';
import { HOUSEKEEPING_CRON, REMINDERS_CRON } from './crons.ts';
import { openHttpDatabase } from './db.ts';
import { queueAwayMail } from './services/away-mail.ts';
import { sendDueReminders } from './services/event-reminders.ts';
import { recountOnlinePresence, sweepExpiredState } from './services/housekeeping.ts';
import { queueWeeklyDigests } from './services/weekly-digest.ts';

export async function runScheduled(controller: ScheduledController, env: Bindings): Promise<void> {
  const config = readConfig(env);
  const db = openHttpDatabase(config);
  if (controller.cron === HOUSEKEEPING_CRON) {
    const swept = await sweepExpiredState(db);
    const presenceRecounts = await recountOnlinePresence(db, env.REALTIME, config);
    logLine('info', 'Housekeeping', { ...swept, presenceRecounts });
  } else if (controller.cron === REMINDERS_CRON) {
    const now = new Date(controller.scheduledTime);
    const run = await sendDueReminders(db, env.REALTIME, config, now);
    if (run.due > 0) logLine('info', 'Reminders', run);
    // What happened while members were away, emailed (services/away-mail.ts).
    const mail = await queueAwayMail(db, env, config, now);
    if (mail.messages + mail.mentions + mail.events > 0) logLine('info', 'Away emails', mail);
    // The weekly digest of the members whose day and hour it is (services/weekly-digest.ts).
    const digests = await queueWeeklyDigests(db, env, config, now);
    if (digests.due > 0) logLine('info', 'Weekly digests', digests);
  } else {
    logLine('warn', 'Unknown Cron Trigger', { cron: controller.cron });
  }
}

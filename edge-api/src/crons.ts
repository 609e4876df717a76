// The Worker's Cron Triggers, as wrangler.jsonc lists them (a test keeps the two equal). Deployed,
// Cloudflare fires them; locally `npm start` does (scripts/lib/local-cron.ts).

/** Hourly housekeeping (services/housekeeping.ts). */
export const HOUSEKEEPING_CRON = '17 * * * *';
/** Every minute: the event reminders due (services/event-reminders.ts). */
export const REMINDERS_CRON = '* * * * *';
export const CRONS = [HOUSEKEEPING_CRON, REMINDERS_CRON] as const;

/** The crons that fire in the minute starting at `at` (both here are "every minute" or "minute M"). */
export function cronsDueAt(at: Date): string[] {
  return CRONS.filter((cron) => {
    const minute = cron.split(' ')[0];
    return minute === '*' || Number(minute) === at.getUTCMinutes();
  });
}

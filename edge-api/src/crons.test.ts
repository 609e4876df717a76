import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CRONS, cronsDueAt, HOUSEKEEPING_CRON, REMINDERS_CRON } from './crons.ts';

describe('Cron Triggers', () => {
  it('are the ones wrangler.jsonc deploys', () => {
    const config = readFileSync(new URL('../wrangler.jsonc', import.meta.url), 'utf8');
    const listed = /"crons":\s*(\[[^\]]*\])/.exec(config)?.[1];
    expect(listed && JSON.parse(listed)).toEqual([...CRONS]);
  });

  it('fire reminders every minute and housekeeping at minute 17', () => {
    expect(cronsDueAt(new Date('2026-11-27T10:16:00Z'))).toEqual([REMINDERS_CRON]);
    expect(cronsDueAt(new Date('2026-11-27T10:17:00Z'))).toEqual([HOUSEKEEPING_CRON, REMINDERS_CRON]);
  });
});

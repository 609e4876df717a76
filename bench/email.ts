// The weekly digest for 5,000 members (issue 32), end to end on the local stack: the minute Cron
// Trigger picks the members whose digest is due and queues their emails (Cloudflare Queues on
// Miniflare), the queue's consumer writes each one and sends it over SMTP to the stack's MailDev.
// Figures: time to queue, time to send, and from the inbox itself: duplicates (must be 0) and
// emails to unsubscribed or suppressed members (must be 0).
// Reference, same run: the same SMTP server taking emails of the same size straight from Node
// (nodemailer, one connection per email as our consumer opens, 10 at once).
import nodemailer from 'nodemailer';
import pg from 'pg';
import { percentile, saveResults, withBenchStack } from './lib.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 5_000);
/** Every tenth member unsubscribed from the digest, every tenth after them suppressed (bounced). */
const UNSUBSCRIBED_EVERY = 10;
const REFERENCE_EMAILS = Number(process.env.BENCH_REFERENCE_EMAILS ?? 500);
const SEND_DEADLINE_MS = 20 * 60_000;

const seconds = (ms: number) => Math.round(ms / 100) / 10;
type InboxEntry = { id: string; to: { address: string }[]; subject: string };

await withBenchStack(async (stack) => {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const inbox = stack.mailInbox;
    const smtpPort = stack.mailSmtpPort;
    // The run's moment: a time of day past the digest's hour in UTC, today's weekday.
    const runAt = new Date();
    runAt.setUTCHours(Math.max(10, runAt.getUTCHours()), 0, 0, 0);

    // 5,000 members here for a month, in the busiest demo space, their digest day today in UTC.
    await db.query(
      `with made as (
         insert into users (first_name, last_name, pseudo, email, created_at, digest_day, time_zone, email_off)
         select 'Digest', 'Member ' || n, 'digest-' || n, 'digest-' || n || '@example.com',
                now() - interval '30 days', extract(dow from $2::timestamptz at time zone 'UTC')::int, 'UTC',
                case when n % $3 = 0 then array['digest'] else '{}'::text[] end
         from generate_series(1, $1::int) as n
         returning id
       ), features as (
         insert into user_features (user_id, feature, enabled)
         select id, unnest(array['posts', 'events', 'messages']::feature_key[]), true from made
       )
       insert into space_members (space_id, user_id)
       select (select space_id from posts group by space_id order by count(*) desc limit 1), id from made`,
      [MEMBERS, runAt, UNSUBSCRIBED_EVERY],
    );
    await db.query(
      `insert into mail_suppressions (email, reason, kind)
       select 'digest-' || n || '@example.com', '550 5.1.1 No such user (bench)', 'digest'
       from generate_series(1, $1::int) as n where n % $2 = 1`,
      [MEMBERS, UNSUBSCRIBED_EVERY],
    );
    const unsubscribed = new Set<string>();
    const suppressed = new Set<string>();
    for (let n = 1; n <= MEMBERS; n++) {
      if (n % UNSUBSCRIBED_EVERY === 0) unsubscribed.add(`digest-${n}@example.com`);
      if (n % UNSUBSCRIBED_EVERY === 1) suppressed.add(`digest-${n}@example.com`);
    }
    const expected = MEMBERS - unsubscribed.size - suppressed.size;

    // Reference: nodemailer to the same SMTP server, a digest-sized email each.
    const [sample] = (
      await db.query<{ html: string }>(
        `select repeat('<p>A line of a digest about the week in a community.</p>', 60) as html`,
      )
    ).rows;
    const referenceStart = performance.now();
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false });
    for (let start = 0; start < REFERENCE_EMAILS; start += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, REFERENCE_EMAILS - start) }, (_, i) =>
          transport.sendMail({
            from: 'bench@localhost',
            to: `reference-${start + i}@example.com`,
            subject: 'Reference',
            html: sample?.html ?? '',
            text: 'Reference',
          }),
        ),
      );
    }
    const referenceRate = REFERENCE_EMAILS / ((performance.now() - referenceStart) / 1000);
    await fetch(`${inbox}/api/email/all`, { method: 'DELETE' });

    // Queue: minute runs until one picks nobody (each picks up to 1,000 members).
    const queueStart = performance.now();
    const runs: number[] = [];
    for (let minute = 0; minute < 20; minute++) {
      const before = await digestsPicked(db);
      const runStart = performance.now();
      const run = await fetch(
        `${stack.url}/cdn-cgi/local/scheduled?cron=*+*+*+*+*&time=${runAt.getTime() + minute * 60_000}`,
      );
      if (run.status !== 200) throw new Error(`the Cron Trigger answered ${run.status}`);
      runs.push(performance.now() - runStart);
      if ((await digestsPicked(db)) === before) break;
    }
    const queueMs = performance.now() - queueStart;

    // Send: until every due digest is sent (or the deadline).
    const sendStart = performance.now();
    let sent = 0;
    while (performance.now() - sendStart < SEND_DEADLINE_MS) {
      sent = Number(
        (
          await db.query<{ count: string }>(
            `select count(*) from mail_deliveries where kind = 'digest' and status = 'sent'
               and recipient like 'digest-%'`,
          )
        ).rows[0]?.count,
      );
      if (sent >= expected) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const sendMs = performance.now() - sendStart;
    await new Promise((resolve) => setTimeout(resolve, 3000)); // anything late would show now

    const entries = (await (await fetch(`${inbox}/api/email`)).json()) as InboxEntry[];
    const perAddress = new Map<string, number>();
    for (const entry of entries) {
      if (!entry.subject.startsWith('Your week in')) continue;
      for (const to of entry.to) perAddress.set(to.address, (perAddress.get(to.address) ?? 0) + 1);
    }
    const benchAddresses = [...perAddress.keys()].filter((address) => address.startsWith('digest-'));
    const duplicates = [...perAddress.values()].filter((count) => count > 1).length;
    const toUnsubscribed = benchAddresses.filter((address) => unsubscribed.has(address)).length;
    const toSuppressed = benchAddresses.filter((address) => suppressed.has(address)).length;
    const sendRate = sent / (sendMs / 1000);
    const sortedRuns = [...runs].sort((a, b) => a - b);

    const data = {
      members: MEMBERS,
      due: expected,
      queueSeconds: seconds(queueMs),
      cronRuns: runs.length,
      cronRunMaxSeconds: seconds(percentile(sortedRuns, 100)),
      sent,
      inInbox: benchAddresses.length,
      sendSeconds: seconds(sendMs),
      sendPerSecond: Math.round(sendRate * 10) / 10,
      referencePerSecond: Math.round(referenceRate * 10) / 10,
      duplicates,
      toUnsubscribed,
      toSuppressed,
    };
    console.table(data);
    const markdown = [
      `Weekly digest for ${MEMBERS} members (${unsubscribed.size} unsubscribed, ${suppressed.size} with a suppressed address): ${expected} due.`,
      '',
      '| figure | value |',
      '|---|---|',
      `| time to queue (${runs.length} minute runs of the Cron Trigger, longest ${data.cronRunMaxSeconds} s) | ${data.queueSeconds} s |`,
      `| time to send through the local SMTP server (MailDev) | ${data.sendSeconds} s (${data.sendPerSecond} emails/s) |`,
      `| reference: nodemailer straight to the same server, 10 at once, ${REFERENCE_EMAILS} emails | ${data.referencePerSecond} emails/s |`,
      `| sent / in the inbox | ${sent} / ${benchAddresses.length} |`,
      `| duplicates (an address with two digests) | ${duplicates} |`,
      `| to unsubscribed members | ${toUnsubscribed} |`,
      `| to suppressed addresses | ${toSuppressed} |`,
    ].join('\n');
    await saveResults('email', markdown, data);
    if (duplicates > 0 || toUnsubscribed > 0 || toSuppressed > 0 || sent < expected) process.exitCode = 1;
  } finally {
    await db.end();
  }
});

async function digestsPicked(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ count: string }>(
    `select count(*) from mail_watermarks where kind = 'digest'`,
  );
  return Number(rows[0]?.count);
}

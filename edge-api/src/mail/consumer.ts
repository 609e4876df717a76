// The mail queue's consumer (ADR 26). Each job is claimed in `mail_deliveries` by its idempotency
// key before the SMTP server hears of it, and only the attempt that claimed it sends: a retry, a
// redelivery after a crash, or the same job queued twice sends nothing more. The price is at most
// once: a consumer that dies between the claim and the server's answer leaves the claim, and that
// email is not sent again (never twice, sometimes never; the row says `sending`).
// An address the SMTP server refused for good (a 5xx to the recipient or the message) goes on the
// suppression list (`mail_suppressions`): no job to it is claimed or sent until an admin clears it.
import { mailDeliveries, mailSuppressions } from '@community/db/schema';
import { logLine, redacted } from '@community/realtime-protocol';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { type Database, openHttpDatabase, writeTogether } from '../db.ts';
import { INVITE_TTL_MS } from '../services/community-admin.ts';
import { compose } from './compose.ts';
import { MailJob } from './mail-job.ts';
import { sendMail } from './smtp.ts';
import { classifySmtpFailure } from './smtp-refusal.ts';

/** Seconds before the next attempt after a failure: 30 s, 2 min, 8 min… at most an hour. */
export const retryDelaySeconds = (attempt: number) => Math.min(3600, 30 * 4 ** Math.max(0, attempt - 1));

type Outcome = 'sent' | 'already' | 'dropped' | 'suppressed' | 'bounced' | 'retry';

// A batch's emails go side by side, each on its own connection: one after another, a batch of 10
// waited for 10 SMTP conversations in a row (8 emails/s to a local server, bench/results/email.md).
// Each job is claimed, sent and acknowledged on its own, so one's failure retries only that one.
export async function consumeMail(batch: MessageBatch<unknown>, config: Config): Promise<void> {
  const db = openHttpDatabase(config);
  await Promise.all(
    batch.messages.map(async (message) => {
      const outcome = await deliver(db, config, message.body, message.attempts);
      if (outcome === 'retry') message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      else message.ack();
    }),
  );
}

async function deliver(db: Database, config: Config, body: unknown, attempt: number): Promise<Outcome> {
  const parsed = MailJob.safeParse(body);
  if (!parsed.success) {
    logLine('error', 'Mail job dropped: not a job', {
      issue: redacted(parsed.error.issues[0]?.message ?? ''),
    });
    return 'dropped';
  }
  const job = parsed.data;
  const mail = config.mail;
  if (!mail) return 'retry'; // SMTP_URL unset since the job was queued: wait for it
  const recipient = job.to.toLowerCase();
  // Before the claim and before the email is written: a job to a suppressed address costs one
  // lookup and leaves no row.
  const [suppressed] = await db
    .select({ email: mailSuppressions.email })
    .from(mailSuppressions)
    .where(eq(mailSuppressions.email, recipient));
  if (suppressed) {
    logLine('info', 'Mail not sent: the address bounced before', { kind: job.kind });
    return 'suppressed';
  }
  const composed = await compose(job, {
    fromAddress: mail.from,
    inviteTtlDays: Math.round(INVITE_TTL_MS / 86_400_000),
  });
  const [claimed] = await db
    .insert(mailDeliveries)
    .values({ key: job.key, kind: job.kind, recipient: job.to, attempt })
    .onConflictDoNothing()
    .returning({ key: mailDeliveries.key });
  if (!claimed) return 'already';
  try {
    await sendMail(mail.smtp, mail.from, composed);
  } catch (error) {
    const failure = classifySmtpFailure(error);
    if (failure.permanent) {
      // Refused for good: another attempt would hear the same answer, and every one counts
      // against the sender's reputation. The claim stays (as `bounced`), so this job is not retried.
      logLine('error', 'Mail bounced', { kind: job.kind, reply: redacted(failure.reply) });
      await writeTogether(db, (tx) => [
        tx
          .insert(mailSuppressions)
          .values({ email: recipient, reason: failure.reply, kind: job.kind })
          .onConflictDoNothing(),
        tx.update(mailDeliveries).set({ status: 'bounced' }).where(eq(mailDeliveries.key, job.key)),
      ]).catch((failed: Error) =>
        logLine('error', 'Mail bounce not recorded', { kind: job.kind, error: redacted(failed.message) }),
      );
      return 'bounced';
    }
    // Not accepted, for now: give the claim back so a later attempt may send it.
    logLine('warn', 'Mail not sent, to be tried again', {
      kind: job.kind,
      attempt,
      error: redacted(String((error as Error).message)),
    });
    await db
      .delete(mailDeliveries)
      .where(and(eq(mailDeliveries.key, job.key), eq(mailDeliveries.status, 'sending')));
    return 'retry';
  }
  // Sent: whatever happens to this update, the claim stays, so it is never sent again.
  await db
    .update(mailDeliveries)
    .set({ status: 'sent', sentAt: new Date() })
    .where(eq(mailDeliveries.key, job.key))
    .catch((error: Error) =>
      logLine('error', 'Mail sent, not marked', { kind: job.kind, error: redacted(error.message) }),
    );
  return 'sent';
}

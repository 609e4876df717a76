// Putting an email on the mail queue (ADR 26): the request that asks for it answers at once, and
// the queue's consumer (consumer.ts) sends it, with retries and a dead-letter queue.
import type { Bindings, Config } from '../config.ts';
import { MailJob } from './mail-job.ts';

/** Queues `job` when the platform sends email; says whether it did. */
export async function queueMail(env: Bindings, config: Config, job: MailJob): Promise<boolean> {
  if (!config.mail || !env.MAIL_QUEUE) return false;
  await env.MAIL_QUEUE.send(MailJob.parse(job), { contentType: 'json' });
  return true;
}

/** A queue batch holds at most 100 messages and 256 KB; a digest job is a few KB. */
const JOBS_PER_BATCH = 25;

/** Queues many jobs in few calls (the weekly digest's thousands); says how many were queued. */
export async function queueMailBatch(env: Bindings, config: Config, jobs: MailJob[]): Promise<number> {
  if (!config.mail || !env.MAIL_QUEUE || jobs.length === 0) return 0;
  const queue = env.MAIL_QUEUE;
  for (let start = 0; start < jobs.length; start += JOBS_PER_BATCH) {
    const batch = jobs.slice(start, start + JOBS_PER_BATCH);
    await queue.sendBatch(batch.map((job) => ({ body: MailJob.parse(job), contentType: 'json' as const })));
  }
  return jobs.length;
}

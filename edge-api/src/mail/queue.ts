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

// The mail queue's consumer (ADR 26), called as the Queues runtime calls it: edge-api on Miniflare in
// this process (scripts/lib/workers-in-process.ts), over the test stack's database and mail inbox.
// A batch delivered again, as after a consumer that died mid-batch, sends nothing twice; an SMTP
// server that refuses leaves the job to a later attempt, with backoff, and nothing claimed.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { unique, withDatabase } from '../../scripts/lib/api-test-client.ts';
import { LOCAL_MAIL_FROM } from '../../scripts/lib/mail-inbox.ts';
import { mailTo, waitForMail } from '../../scripts/lib/mail-test-client.ts';
import { startWorkersInProcess, type WorkersInProcess } from '../../scripts/lib/workers-in-process.ts';
import type { MailJob } from '../src/mail/mail-job.ts';

let workers: WorkersInProcess;

beforeAll(async () => {
  workers = await startWorkersInProcess({
    databaseUrl: inject('databaseUrl'),
    buildDir: inject('workersBuildDir'),
    vars: { SMTP_URL: `smtp://127.0.0.1:${inject('mailSmtpPort')}`, MAIL_FROM: LOCAL_MAIL_FROM },
  });
}, 120_000);
afterAll(() => workers?.close());

const invitation = (to: string): MailJob => ({
  kind: 'invitation',
  key: `invitation:test-${unique()}`,
  to,
  link: 'http://localhost:8787/auth/accept-invite?token=queue-test',
  communityName: 'Demo Community',
  invitedBy: 'Adrian Alvarez',
});

const delivery = (jobs: unknown[], attempts: number) =>
  workers.api.queue(
    'community-mail',
    jobs.map((body) => ({ id: crypto.randomUUID(), timestamp: new Date(), body, attempts })),
  );

const claims = (to: string) =>
  withDatabase(
    async (db) =>
      (await db.query('select status, attempt from mail_deliveries where recipient = $1', [to])).rows,
  );

describe('the mail queue consumer', () => {
  it('sends each email of a batch delivered again (as after a crash mid-batch) once', async () => {
    const addresses = [1, 2, 3].map((n) => `batch-${n}-${unique()}@example.com`);
    const jobs = addresses.map(invitation);
    // The first delivery got as far as two of the three before the consumer went away.
    const first = await delivery(jobs.slice(0, 2), 1);
    expect(first.outcome).toBe('ok');
    expect(first.explicitAcks).toHaveLength(2);
    // The queue delivers the whole batch again: the third is sent, the first two are not.
    const again = await delivery(jobs, 2);
    expect(again.explicitAcks).toHaveLength(3);
    expect(again.retryMessages).toEqual([]);
    for (const address of addresses) await waitForMail(address);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const address of addresses) expect(await mailTo(address)).toHaveLength(1);
    expect(await claims(addresses[2]!)).toEqual([{ status: 'sent', attempt: 2 }]);
  });

  it('drops a message that is not a job, and sends the rest of its batch', async () => {
    const address = `beside-${unique()}@example.com`;
    const result = await delivery([{ kind: 'nonsense' }, invitation(address)], 1);
    expect(result.explicitAcks).toHaveLength(2);
    await waitForMail(address);
  });
});

describe('an SMTP server that refuses', () => {
  let refusing: WorkersInProcess;
  beforeAll(async () => {
    // Nothing listens there: the connection is refused, as by a provider that is down.
    refusing = await startWorkersInProcess({
      databaseUrl: inject('databaseUrl'),
      buildDir: inject('workersBuildDir'),
      vars: { SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: LOCAL_MAIL_FROM },
    });
  }, 120_000);
  afterAll(() => refusing?.close());

  it('leaves the job to a later attempt with backoff, claimed by nobody, then sends it once', async () => {
    const address = `later-${unique()}@example.com`;
    const job = invitation(address);
    const body = [{ id: 'm1', timestamp: new Date(), body: job, attempts: 3 }];
    const failed = await refusing.api.queue('community-mail', body);
    expect(failed.explicitAcks).toEqual([]);
    expect(failed.retryMessages).toEqual([{ msgId: 'm1', delaySeconds: 480 }]);
    expect(await claims(address)).toEqual([]);
    const sent = await delivery([job], 4);
    expect(sent.explicitAcks).toHaveLength(1);
    await waitForMail(address);
    expect(await claims(address)).toEqual([{ status: 'sent', attempt: 4 }]);
  });
});

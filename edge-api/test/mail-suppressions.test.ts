// The suppression list (issue 32, ADR 26): an address the SMTP server refused for good is not
// written to again until an admin clears it. MailDev accepts every recipient, so this file runs a
// real SMTP server of its own (smtp-server, the maintained library behind MailDev) that refuses the
// addresses a test names, with the answer a test names, and counts every RCPT TO it hears. The
// consumer runs in edge-api on Miniflare in this process (scripts/lib/workers-in-process.ts), over
// the test stack's database; the admin routes are called on the stack itself.
import { findFreePort } from '@community/db';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, type Session, signIn, unique, withDatabase } from '../../scripts/lib/api-test-client.ts';
import { LOCAL_MAIL_FROM } from '../../scripts/lib/mail-inbox.ts';
import { startWorkersInProcess, type WorkersInProcess } from '../../scripts/lib/workers-in-process.ts';
import type { MailJob } from '../src/mail/mail-job.ts';
import { SUPPRESSION_NOT_FOUND } from '../src/services/mail-suppressions.ts';

type Answer = { code: number; text: string };
/** What the server answers to RCPT TO, and after the message, per (lower-case) address. */
const refuseRecipient = new Map<string, Answer>();
const refuseMessage = new Map<string, Answer>();
/** Every RCPT TO the server heard, and every message it accepted, by recipient. */
const recipientsHeard: string[] = [];
const accepted: string[] = [];

const smtpError = ({ code, text }: Answer) => Object.assign(new Error(text), { responseCode: code });

let smtp: SMTPServer;
let workers: WorkersInProcess;

beforeAll(async () => {
  smtp = new SMTPServer({
    // Plain SMTP on this machine, as the stack's MailDev: no TLS, no sign-in.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    closeTimeout: 1000,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      recipientsHeard.push(to);
      const answer = refuseRecipient.get(to);
      callback(answer ? smtpError(answer) : null);
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        const answer = to.map((address) => refuseMessage.get(address)).find(Boolean);
        if (answer) return callback(smtpError(answer));
        accepted.push(...to);
        callback();
      });
    },
  });
  const port = await findFreePort();
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(port, '127.0.0.1', () => resolve());
  });
  workers = await startWorkersInProcess({
    databaseUrl: inject('databaseUrl'),
    buildDir: inject('workersBuildDir'),
    vars: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: LOCAL_MAIL_FROM },
  });
}, 120_000);

afterAll(async () => {
  await workers?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

const invitation = (to: string): MailJob => ({
  kind: 'invitation',
  key: `invitation:suppression-test-${unique()}`,
  to,
  link: 'http://localhost:8787/auth/accept-invite?token=suppression-test',
  communityName: 'Demo Community',
  invitedBy: 'Adrian Alvarez',
});

const deliver = (jobs: MailJob[], attempts = 1) =>
  workers.api.queue(
    'community-mail',
    jobs.map((body) => ({ id: crypto.randomUUID(), timestamp: new Date(), body, attempts })),
  );

const heard = (address: string) => recipientsHeard.filter((to) => to === address).length;
const claims = (address: string) =>
  withDatabase(
    async (db) =>
      (
        await db.query(
          'select status, attempt from mail_deliveries where lower(recipient) = $1 order by claimed_at',
          [address],
        )
      ).rows,
  );
const suppression = (address: string) =>
  withDatabase(
    async (db) =>
      (await db.query('select reason, kind from mail_suppressions where email = $1', [address])).rows[0] ??
      null,
  );

describe('an address the SMTP server refuses for good', () => {
  it('is not retried, goes on the list with the server’s answer, and nothing more reaches the server', async () => {
    const address = `gone-${unique()}@example.com`;
    refuseRecipient.set(address, { code: 550, text: '5.1.1 No such user' });
    const job = invitation(address);

    const first = await deliver([job]);
    expect(first.explicitAcks).toHaveLength(1);
    expect(first.retryMessages).toEqual([]);
    expect(heard(address)).toBe(1);
    expect(await suppression(address)).toEqual({ reason: '550 5.1.1 No such user', kind: 'invitation' });
    // The claim stays, as `bounced`: the same job delivered again is not sent either.
    expect(await claims(address)).toEqual([{ status: 'bounced', attempt: 1 }]);

    // A new job to it (spelled in capitals), and the first one delivered again.
    const later = await deliver([invitation(address.toUpperCase()), job], 2);
    expect(later.explicitAcks).toHaveLength(2);
    expect(later.retryMessages).toEqual([]);
    expect(heard(address)).toBe(1);
    expect(await claims(address)).toEqual([{ status: 'bounced', attempt: 1 }]);
  });

  it('counts a 5xx to the message itself (after DATA) as a bounce too', async () => {
    const address = `rejected-${unique()}@example.com`;
    refuseMessage.set(address, { code: 554, text: '5.7.1 Message rejected' });
    const result = await deliver([invitation(address)]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await suppression(address)).toEqual({ reason: '554 5.7.1 Message rejected', kind: 'invitation' });
    expect(await claims(address)).toEqual([{ status: 'bounced', attempt: 1 }]);
    expect(accepted).not.toContain(address);
  });

  it('retries a 4xx with backoff, claimed by nobody and not on the list, then sends it once', async () => {
    const address = `busy-${unique()}@example.com`;
    refuseRecipient.set(address, { code: 451, text: '4.2.1 Mailbox busy, try again later' });
    const job = invitation(address);
    const body = [{ id: 'busy-1', timestamp: new Date(), body: job, attempts: 2 }];
    const failed = await workers.api.queue('community-mail', body);
    expect(failed.explicitAcks).toEqual([]);
    expect(failed.retryMessages).toEqual([{ msgId: 'busy-1', delaySeconds: 120 }]);
    expect(await claims(address)).toEqual([]);
    expect(await suppression(address)).toBeNull();

    refuseRecipient.delete(address);
    const sent = await deliver([job], 3);
    expect(sent.explicitAcks).toHaveLength(1);
    expect(accepted.filter((to) => to === address)).toHaveLength(1);
    expect(await claims(address)).toEqual([{ status: 'sent', attempt: 3 }]);
  });
});

describe('the suppression list in the admin panel', () => {
  let admin: Session;
  let member: Session;
  beforeAll(async () => {
    admin = await signIn('admin@example.com');
    member = await signIn('member@example.com');
  });

  const list = (session: Session, query = '') =>
    call(`/api/admin-panel/email-suppressions${query}`, { token: session.token });
  const clear = (session: Session | null, address: string) =>
    call(`/api/admin-panel/email-suppressions/${encodeURIComponent(address)}`, {
      method: 'DELETE',
      token: session?.token,
    });

  it('lists bounced addresses newest first, clears one (audited), and mail to it is sent again', async () => {
    const older = `older-${unique()}@example.com`;
    const newer = `newer-${unique()}@example.com`;
    for (const address of [older, newer]) {
      refuseRecipient.set(address, { code: 550, text: '5.1.1 No such user' });
      await deliver([invitation(address)]);
    }

    const listed = await list(admin, '?limit=100');
    expect(listed.status).toBe(200);
    const emails = listed.body.items.map((item: { email: string }) => item.email);
    expect(emails.indexOf(newer)).toBeGreaterThanOrEqual(0);
    expect(emails.indexOf(newer)).toBeLessThan(emails.indexOf(older));
    expect(listed.body.items.find((item: { email: string }) => item.email === older)).toEqual({
      email: older,
      reason: '550 5.1.1 No such user',
      kind: 'invitation',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // Pages: a cursor carries on after the last item of the page before.
    const first = await list(admin, '?limit=1');
    expect(first.body.items).toHaveLength(1);
    const second = await list(admin, `?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.status).toBe(200);
    expect(second.body.items[0].email).not.toBe(first.body.items[0].email);

    // Only the community's admins: a member gets 403 on both, and the address stays listed.
    expect((await list(member)).status).toBe(403);
    expect((await clear(member, older)).status).toBe(403);
    expect((await clear(null, older)).status).toBe(401);
    expect(await suppression(older)).not.toBeNull();

    const cleared = await clear(admin, older);
    expect(cleared).toMatchObject({ status: 200, body: { email: older } });
    expect(await suppression(older)).toBeNull();
    const again = await clear(admin, older);
    expect(again).toMatchObject({ status: 404, body: { error: SUPPRESSION_NOT_FOUND } });
    expect((await clear(admin, 'not an address')).status).toBe(404);

    const audit = await call('/api/admin-panel/audit?limit=5', { token: admin.token });
    expect(audit.body.items[0]).toMatchObject({
      actorId: admin.user.id,
      action: 'email.unsuppress',
      targetType: 'email',
      changes: { email: older, reason: '550 5.1.1 No such user' },
    });

    // The mailbox is back: a new email to it is sent.
    refuseRecipient.delete(older);
    const sent = await deliver([invitation(older)]);
    expect(sent.explicitAcks).toHaveLength(1);
    expect(accepted.filter((to) => to === older)).toHaveLength(1);
    expect((await claims(older)).map((claim) => claim.status)).toEqual(['bounced', 'sent']);
    // The other address is still refused without a word to the server.
    const before = heard(newer);
    await deliver([invitation(newer)]);
    expect(heard(newer)).toBe(before);

    // An admin inviting it gets the link, not emailed, and why (the admin panel says so).
    const community = (await call('/api/community', { token: admin.token })).body;
    const invited = await call('/api/community/invite', {
      method: 'POST',
      token: admin.token,
      body: { email: newer.toUpperCase(), communitySubdomain: community.communityUrl },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ emailed: false, bounced: true });
    expect(invited.body.invitationLink).toMatch(/\/auth\/accept-invite\?token=/);
  });
});

// Email (issue 32, ADR 26): through the mail queue and SMTP to the stack's own inbox (MailDev),
// each message read back with a MIME parser (mailparser).
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type Session, signIn, unique, withDatabase } from '../../scripts/lib/api-test-client.ts';
import { LOCAL_MAIL_FROM } from '../../scripts/lib/mail-inbox.ts';
import { mailTo, waitForMail } from '../../scripts/lib/mail-test-client.ts';

let admin: Session;
let community: { name: string; communityUrl: string };

beforeAll(async () => {
  admin = await signIn('admin@example.com');
  community = (await call('/api/community', { token: admin.token })).body;
});

const invite = (email: string) =>
  call('/api/community/invite', {
    method: 'POST',
    token: admin.token,
    body: { email, communitySubdomain: community.communityUrl },
  });

describe('the invitation email', () => {
  it('reaches the invitee with the community as sender, both parts, and a link that signs them up', async () => {
    const email = `Invitee-${unique()}@example.com`;
    const invited = await invite(email);
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ emailed: true, invitationLink: expect.any(String) });

    const [mail] = await waitForMail(email.toLowerCase());
    expect(mail!.subject).toBe(`You're invited to join ${community.name}`);
    expect(mail!.from?.value).toEqual([{ name: community.name, address: LOCAL_MAIL_FROM }]);
    expect(mail!.to).toMatchObject({ value: [{ address: email.toLowerCase() }] });
    expect(mail!.messageId).toMatch(/^<[0-9a-f]{40}@mail\.localhost>$/);
    expect(mail!.date).toBeInstanceOf(Date);
    // Both parts, each with the same link as the API answered; no image fetched from anywhere.
    expect(mail!.text).toContain(invited.body.invitationLink);
    expect(mail!.html).toContain(`href="${invited.body.invitationLink}"`);
    expect(mail!.html).not.toMatch(/<img/i);
    expect(mail!.text).toContain(
      `${admin.user.firstName} ${admin.user.lastName} invited you to join ${community.name}`,
    );

    const token = new URL(invited.body.invitationLink).searchParams.get('token');
    const accepted = await call('/api/auth/accept-invite', {
      method: 'POST',
      body: { token, firstName: 'Ina', lastName: 'Vitee', pseudo: `ina${unique()}`, password: 'welcome-123' },
    });
    expect(accepted.status).toBe(201);
  });

  it('is sent once, and its delivery is recorded by its idempotency key', async () => {
    const email = `once-${unique()}@example.com`;
    expect((await invite(email)).status).toBe(201);
    await waitForMail(email);
    const rows = await withDatabase(
      async (db) =>
        (
          await db.query(
            `select kind, status, attempt, sent_at is not null as sent from mail_deliveries where recipient = $1`,
            [email],
          )
        ).rows,
    );
    expect(rows).toEqual([{ kind: 'invitation', status: 'sent', attempt: 1, sent: true }]);
    // Nothing more arrives for it (the queue acknowledged the job).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailTo(email)).toHaveLength(1);
  });

  it('sends nothing for a refused invitation', async () => {
    const email = `refused-${unique()}@example.com`;
    const refused = await call('/api/community/invite', {
      method: 'POST',
      token: admin.token,
      body: { email, communitySubdomain: 'not-this-community' },
    });
    expect(refused.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailTo(email)).toEqual([]);
  });
});

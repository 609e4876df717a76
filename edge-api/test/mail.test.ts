// Email (issue 32, ADR 26): through the mail queue and SMTP to the stack's own inbox (MailDev),
// each message read back with a MIME parser (mailparser).
import { beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  call,
  type Session,
  signIn,
  TINY_PNG,
  unique,
  uploadFile,
  withDatabase,
} from '../../scripts/lib/api-test-client.ts';
import { LOCAL_MAIL_FROM } from '../../scripts/lib/mail-inbox.ts';
import { mailTo, waitForMail } from '../../scripts/lib/mail-test-client.ts';

let admin: Session;
let community: {
  communityName: string;
  communityLogo: string | null;
  communityUrl: string;
  emailImages: boolean;
};

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
    expect(mail!.subject).toBe(`You're invited to join ${community.communityName}`);
    expect(mail!.from?.value).toEqual([{ name: community.communityName, address: LOCAL_MAIL_FROM }]);
    // A reply to "X invited you" reaches X (docs/product-decisions.md).
    expect(mail!.replyTo?.value).toEqual([{ name: '', address: admin.user.email }]);
    expect(mail!.to).toMatchObject({ value: [{ address: email.toLowerCase() }] });
    expect(mail!.messageId).toMatch(/^<[0-9a-f]{40}@mail\.localhost>$/);
    expect(mail!.date).toBeInstanceOf(Date);
    // Both parts, each with the same link as the API answered; no image fetched from anywhere
    // (images in emails are off unless the community turns them on).
    expect(community.emailImages).toBe(false);
    expect(mail!.text).toContain(invited.body.invitationLink);
    expect(mail!.html).toContain(`href="${invited.body.invitationLink}"`);
    expect(mail!.html).not.toMatch(/<img/i);
    expect(mail!.text).toContain(
      `${admin.user.firstName} ${admin.user.lastName} invited you to join ${community.communityName}`,
    );

    const token = new URL(invited.body.invitationLink).searchParams.get('token');
    const accepted = await call('/api/auth/accept-invite', {
      method: 'POST',
      body: { token, firstName: 'Ina', lastName: 'Vitee', pseudo: `ina${unique()}`, password: 'welcome-123' },
    });
    expect(accepted.status).toBe(201);
  });

  it("shows the community's logo, from our host, only once its admin turns images in emails on", async () => {
    const uploaded = await uploadFile(admin, 'community', TINY_PNG, 'logo.png');
    expect(uploaded.status).toBe(201);
    const key: string = uploaded.body.key;
    const file = key.slice('community/'.length);
    const setCommunity = (communityLogo: string, emailImages: boolean) =>
      call('/api/community', {
        method: 'PATCH',
        token: admin.token,
        body: {
          communityName: community.communityName,
          communityLogo,
          communityUrl: community.communityUrl,
          emailImages,
        },
      });
    const logoRoute = `${baseUrl()}/api/email/logo/${file}`;
    try {
      // The logo alone does not put it in emails, nor answer it to a mail app.
      expect((await setCommunity(key, false)).body).toMatchObject({ communityLogo: key, emailImages: false });
      expect((await fetch(logoRoute)).status).toBe(404);
      const before = `before-logo-${unique()}@example.com`;
      expect((await invite(before)).status).toBe(201);
      const [plain] = await waitForMail(before);
      expect(plain!.html).not.toMatch(/<img/i);

      const turnedOn = await setCommunity(key, true);
      expect(turnedOn.status).toBe(200);
      expect(turnedOn.body).toMatchObject({ communityLogo: key, emailImages: true });
      const email = `logo-${unique()}@example.com`;
      expect((await invite(email)).status).toBe(201);
      const [mail] = await waitForMail(email);
      const images = [...(mail!.html as string).matchAll(/<img\b[^>]*>/gi)].map(([tag]) => tag);
      expect(images).toHaveLength(1);
      const src = /\ssrc="([^"]+)"/.exec(images[0]!)?.[1] ?? '';
      // Absolute (a mail app has no base to resolve against), on the public address, the logo's file.
      expect(src).toMatch(new RegExp(`^https?://[^/]+/api/email/logo/${file}$`));
      expect(images[0]).toContain(`alt="${community.communityName}"`);
      // A mail app fetches it without a session, from another origin.
      const logo = await fetch(`${baseUrl()}${new URL(src).pathname}`);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toBe('image/png');
      expect(logo.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(new Uint8Array(await logo.arrayBuffer())).toEqual(TINY_PNG);
    } finally {
      const restored = await setCommunity(community.communityLogo ?? key, false);
      expect(restored.body).toMatchObject({ emailImages: false });
    }
    // Turned off again, emails sent before stop fetching it.
    expect((await fetch(logoRoute)).status).toBe(404);
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

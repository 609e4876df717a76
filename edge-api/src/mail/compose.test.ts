import { describe, expect, it } from 'vitest';
import { compose } from './compose.ts';

const options = { fromAddress: 'community@mail.example', inviteTtlDays: 7 };
const invitation = {
  kind: 'invitation' as const,
  key: 'invitation:abc',
  to: 'guest@example.com',
  link: 'https://demo.example/auth/accept-invite?token=t',
  communityName: 'Demo Community',
  invitedBy: 'Ada Admin',
};
const mentions = {
  kind: 'mentions' as const,
  key: 'mentions:u1:2026-11-28T00:00:00.000Z',
  to: 'member@example.com',
  firstName: 'Mia',
  communityName: 'Demo Community',
  total: 1,
  titles: ['Ada mentioned you'],
  more: 0,
  appUrl: 'https://demo.example/',
  unsubscribeUrl: 'https://demo.example/api/email/unsubscribe?token=x',
};
const LOGO = 'https://demo.example/api/email/logo/0b9f3c4e-8a1d-4c2b-9e5f-6a7b8c9d0e1f.png';

describe('composing an email', () => {
  it('gives the invitation a Reply-To of the inviting admin, and a notification none', async () => {
    expect((await compose({ ...invitation, replyTo: 'ada@example.com' }, options)).replyTo).toBe(
      'ada@example.com',
    );
    expect((await compose(mentions, options)).replyTo).toBeUndefined();
  });

  it('shows the logo above the name only when the job carries one', async () => {
    const without = await compose(invitation, options);
    expect(without.html).not.toMatch(/<img/i);
    for (const job of [
      { ...invitation, logoUrl: LOGO },
      { ...mentions, logoUrl: LOGO },
    ]) {
      const { html } = await compose(job, options);
      const img = /<img\b[^>]*>/i.exec(html)?.[0] ?? '';
      expect(img).toContain(`src="${LOGO}"`);
      expect(img).toContain('alt="Demo Community"');
      expect(img).toContain('width="48"');
      expect(html.indexOf('<img')).toBeLessThan(html.indexOf('Demo Community</p>'));
    }
  });
});

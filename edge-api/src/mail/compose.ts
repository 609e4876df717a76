// A job made into the email itself: subject, HTML and plain text from the kind's template, and the
// headers every email carries (ADR 26). The Message-ID comes from the idempotency key, so were an
// email ever handed to the SMTP server twice, mail apps would still show it once.
import { render } from '@react-email/render';
import type { MailJob } from './mail-job.ts';
import { InvitationEmail } from './templates/invitation.tsx';
import { NoticesEmail, noticesSubject } from './templates/notices.tsx';
import { UnreadMessagesEmail, unreadMessagesSubject } from './templates/unread-messages.tsx';
import { WeeklyDigestEmail, weeklyDigestSubject } from './templates/weekly-digest.tsx';

export type ComposedMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Shown as the sender's name beside the platform's address. */
  fromName: string;
  /**
   * Where a reply goes, only where one makes sense: the invitation's to the inviting admin.
   * Notifications have none (a reply cannot reach the platform; their footer says how to act).
   */
  replyTo?: string;
  headers: Record<string, string>;
};

export const INVITATION_SUBJECT = (communityName: string) => `You're invited to join ${communityName}`;

/** `<hex of the key's SHA-256>@<the sender's domain>`: stable for one job, unique across jobs. */
export async function messageIdOf(key: string, fromAddress: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  const hex = [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `<${hex.slice(0, 40)}@${fromAddress.split('@').pop()}>`;
}

export async function compose(
  job: MailJob,
  options: { fromAddress: string; inviteTtlDays: number },
): Promise<ComposedMail> {
  const { element, subject, headers } = template(job, options);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return {
    to: job.to,
    subject,
    html,
    text,
    fromName: job.communityName,
    ...(job.kind === 'invitation' && job.replyTo ? { replyTo: job.replyTo } : {}),
    headers: { ...headers, 'Message-ID': await messageIdOf(job.key, options.fromAddress) },
  };
}

function template(
  job: MailJob,
  options: { inviteTtlDays: number },
): { element: ReturnType<typeof InvitationEmail>; subject: string; headers: Record<string, string> } {
  if (job.kind === 'invitation') {
    return {
      element: InvitationEmail({
        communityName: job.communityName,
        logoUrl: job.logoUrl,
        invitedBy: job.invitedBy,
        link: job.link,
        expiresInDays: options.inviteTtlDays,
      }),
      subject: INVITATION_SUBJECT(job.communityName),
      headers: {},
    };
  }
  const [element, subject] =
    job.kind === 'unread-messages'
      ? [UnreadMessagesEmail({ job }), unreadMessagesSubject(job)]
      : job.kind === 'digest'
        ? [WeeklyDigestEmail({ job }), weeklyDigestSubject(job)]
        : [NoticesEmail({ job }), noticesSubject(job)];
  return {
    element,
    subject,
    // RFC 8058: a mail app's own Unsubscribe button POSTs to the link, no sign-in, no page.
    headers: {
      'List-Unsubscribe': `<${job.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

// What the mail queue carries (ADR 26): one email per job, named by an idempotency key, with
// everything its template needs, so the consumer reads nothing else to write it.
import { z } from 'zod';

/**
 * The community's logo, absolute, on every kind: only when its admin turned images in emails on
 * (mail/brand.ts `emailBrandOf`); absent, the frame shows the community's name alone.
 */
export const EmailLogoUrl = z.url({ protocol: /^https?$/ }).optional();

/** What every job carries: its idempotency key (each kind says how it is made), the address, the brand. */
const envelope = z.object({
  key: z.string().min(1),
  to: z.email(),
  communityName: z.string(),
  logoUrl: EmailLogoUrl,
});

/** A member's email about the community: their first name, and the one-click unsubscribe of its kind. */
const memberEnvelope = envelope.extend({
  firstName: z.string(),
  /** The one-click unsubscribe link of this kind (RFC 8058), signed for the member. */
  unsubscribeUrl: z.url(),
});

/**
 * An admin's invitation to join the community (POST /api/community/invite). Key:
 * `invitation:<the invitation token's hash>`, one email per invitation however often it is retried.
 */
export const InvitationJob = envelope.extend({
  kind: z.literal('invitation'),
  /** The accept link, with its token (the token is stored only as its hash). */
  link: z.url(),
  invitedBy: z.string(),
  /** The inviting admin's address: a reply to "X invited you" reaches X. Other kinds have none. */
  replyTo: z.email().optional(),
});

/**
 * Direct messages a member left unread while away (services/away-mail.ts), several in one. Key:
 * `messages:<member id>:<the newest message counted, ISO time>`.
 */
export const UnreadMessagesJob = memberEnvelope.extend({
  kind: z.literal('unread-messages'),
  total: z.number().int().positive(),
  /** The conversations with unread messages, newest first (at most UNREAD_CONVERSATIONS_SHOWN). */
  conversations: z.array(z.object({ from: z.string(), count: z.number().int().positive(), url: z.url() })),
  /** Conversations with unread messages past those listed. */
  more: z.number().int().nonnegative(),
  messagesUrl: z.url(),
});

/**
 * Notifications told by email as the bell words them (services/away-mail.ts): `mentions` (mentions
 * and comments on the member's posts left unread while away) and `events` (reminders and
 * cancellations of events they RSVPed to). Key: `<kind>:<member id>:<the newest notification
 * counted, ISO time>`.
 */
const noticesJob = <Kind extends 'mentions' | 'events'>(kind: Kind) =>
  memberEnvelope.extend({
    kind: z.literal(kind),
    total: z.number().int().positive(),
    /** The notifications' titles as the bell shows them, newest first. */
    titles: z.array(z.string()),
    more: z.number().int().nonnegative(),
    appUrl: z.url(),
  });
export const MentionsJob = noticesJob('mentions');
export const EventsJob = noticesJob('events');

/**
 * The weekly digest (services/weekly-digest.ts): the week's top posts, coming events, what is
 * unread. Key: `digest:<member id>:<the member's local date>`, one a day at most whatever the runs do.
 */
export const DigestJob = memberEnvelope.extend({
  kind: z.literal('digest'),
  /** The weekday the member chose, e.g. `Monday` (the footer says when it comes). */
  dayName: z.string(),
  posts: z.array(
    z.object({
      excerpt: z.string(),
      url: z.url(),
      space: z.string(),
      author: z.string(),
      comments: z.number().int().nonnegative(),
    }),
  ),
  /** `when` is written in the member's time zone, e.g. `Thu, Dec 3, 7:00 PM`. */
  events: z.array(z.object({ title: z.string(), url: z.url(), when: z.string() })),
  unreadMessages: z.number().int().nonnegative(),
  unreadNotifications: z.number().int().nonnegative(),
  appUrl: z.url(),
});

export const MailJob = z.discriminatedUnion('kind', [
  InvitationJob,
  UnreadMessagesJob,
  MentionsJob,
  EventsJob,
  DigestJob,
]);
export type MailJob = z.infer<typeof MailJob>;
export type InvitationJob = z.infer<typeof InvitationJob>;
export type UnreadMessagesJob = z.infer<typeof UnreadMessagesJob>;
export type DigestJob = z.infer<typeof DigestJob>;
export type NoticesJob = z.infer<typeof MentionsJob> | z.infer<typeof EventsJob>;

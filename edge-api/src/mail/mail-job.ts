// What the mail queue carries (ADR 26): one email per job, named by an idempotency key, with
// everything its template needs, so the consumer reads nothing else to write it.
import { z } from 'zod';

/** An admin's invitation to join the community (POST /api/community/invite). */
export const InvitationJob = z.object({
  kind: z.literal('invitation'),
  /** `invitation:<the invitation token's hash>`: one email per invitation, however often it is retried. */
  key: z.string().min(1),
  to: z.email(),
  /** The accept link, with its token (the token is stored only as its hash). */
  link: z.url(),
  communityName: z.string(),
  invitedBy: z.string(),
});

export const MailJob = z.discriminatedUnion('kind', [InvitationJob]);
export type MailJob = z.infer<typeof MailJob>;
export type InvitationJob = z.infer<typeof InvitationJob>;

// Request bodies of sign-in, invitation acceptance, presence and realtime tickets (docs/api.md).
import { z } from 'zod';
import { emailAddress, requiredText } from './fields.ts';
import { PASSWORD_MIN_LENGTH } from './limits.ts';
import {
  FIRST_NAME_REQUIRED,
  INVALID_EMAIL,
  INVITE_TOKEN_REQUIRED,
  LAST_NAME_REQUIRED,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_SHORT,
  PSEUDO_REQUIRED,
} from './messages.ts';

export const LoginInput = z.strictObject({
  email: emailAddress(INVALID_EMAIL),
  // Not trimmed: spaces may be part of a password.
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const AcceptInviteInput = z.strictObject({
  token: requiredText(INVITE_TOKEN_REQUIRED),
  firstName: requiredText(FIRST_NAME_REQUIRED),
  lastName: requiredText(LAST_NAME_REQUIRED),
  pseudo: requiredText(PSEUDO_REQUIRED),
  password: z.string({ error: PASSWORD_TOO_SHORT }).min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT),
});
export type AcceptInviteInput = z.infer<typeof AcceptInviteInput>;

export const ONLINE_STATUSES = ['online', 'offline'] as const;
export const OnlineStatusInput = z.strictObject({ status: z.enum(ONLINE_STATUSES) });
export type OnlineStatusInput = z.infer<typeof OnlineStatusInput>;

/** Parties a client may ask a ticket for; the server still checks the caller may enter the room. */
export const REALTIME_PARTIES = ['user-room', 'space-room'] as const;
export const RealtimeTicketInput = z.strictObject({
  party: z.enum(REALTIME_PARTIES),
  room: z.string().min(1),
});
export type RealtimeTicketInput = z.infer<typeof RealtimeTicketInput>;

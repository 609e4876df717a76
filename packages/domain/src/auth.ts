// Request bodies of sign-in, invitation acceptance, presence and realtime tickets (docs/api.md).
import { z } from 'zod';
import { emailAddress, requiredText, text, uuid } from './fields.ts';
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN_LENGTH, PSEUDO_MAX, TOKEN_MAX } from './limits.ts';
import {
  FIRST_NAME_REQUIRED,
  INVALID_EMAIL,
  INVITE_TOKEN_REQUIRED,
  idInvalid,
  LAST_NAME_REQUIRED,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_SHORT,
  PSEUDO_REQUIRED,
} from './messages.ts';

export const LoginInput = z.strictObject({
  email: emailAddress(INVALID_EMAIL),
  // Not trimmed: spaces may be part of a password.
  password: text('Password', PASSWORD_MAX, { typeMessage: PASSWORD_REQUIRED, untrimmed: true }).min(
    1,
    PASSWORD_REQUIRED,
  ),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const AcceptInviteInput = z.strictObject({
  token: requiredText(INVITE_TOKEN_REQUIRED, 'Invitation token', TOKEN_MAX),
  firstName: requiredText(FIRST_NAME_REQUIRED, 'First name', NAME_MAX),
  lastName: requiredText(LAST_NAME_REQUIRED, 'Last name', NAME_MAX),
  pseudo: requiredText(PSEUDO_REQUIRED, 'Pseudo', PSEUDO_MAX),
  password: text('Password', PASSWORD_MAX, { typeMessage: PASSWORD_TOO_SHORT, untrimmed: true }).min(
    PASSWORD_MIN_LENGTH,
    PASSWORD_TOO_SHORT,
  ),
});
export type AcceptInviteInput = z.infer<typeof AcceptInviteInput>;

export const ONLINE_STATUSES = ['online', 'offline'] as const;
export const OnlineStatusInput = z.strictObject({ status: z.enum(ONLINE_STATUSES) });
export type OnlineStatusInput = z.infer<typeof OnlineStatusInput>;

/** Parties a client may ask a ticket for; the server still checks the caller may enter the room. */
export const REALTIME_PARTIES = [
  'user-room',
  'space-room',
  'posts-room',
  'presence-room',
  'conversation-room',
] as const;
/** The one presence room's name (PRESENCE_ROOM in @community/realtime-protocol, which domain does not import). */
export const PRESENCE_ROOM_NAME = 'community';
export const RealtimeTicketInput = z.strictObject({
  party: z.enum(REALTIME_PARTIES),
  /** The user's or the space's id, or the presence room's name. */
  room: z.union([uuid('Room'), z.literal(PRESENCE_ROOM_NAME)], { error: idInvalid('Room') }),
});
export type RealtimeTicketInput = z.infer<typeof RealtimeTicketInput>;

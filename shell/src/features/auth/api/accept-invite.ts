// POST /api/auth/accept-invite (docs/api.md): redeems a community invitation, creates the account and
// signs it in (session cookies). Errors come back as the API's own message, e.g. "This invitation
// link is invalid or has expired." or a taken pseudo.
import { api } from '@community/api-client';
import type { AcceptInviteInput, User } from '@community/domain';

export const acceptInvite = (input: AcceptInviteInput) =>
  api.post<{ user: User; accessToken: string }>('/api/auth/accept-invite', input);

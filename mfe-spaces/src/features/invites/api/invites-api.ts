// Invite calls of docs/api.md: the space admin regenerates the code (the old link stops working at
// once); anyone signed in joins through a current code.
import { api } from '@community/api-client';
import type { Space } from '@community/domain';

export const regenerateInviteCode = (spaceId: string) =>
  api.patch<Space>(`/api/spaces/${encodeURIComponent(spaceId)}/invite-code`);

/** Joins as GUEST (harmless when already a member); 404 "This invite link is invalid or has been replaced." */
export const joinByInvite = (inviteCode: string) =>
  api.post<Space>(`/api/spaces/invite/${encodeURIComponent(inviteCode)}`);

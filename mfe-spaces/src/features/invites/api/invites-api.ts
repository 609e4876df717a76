// Invite calls of docs/api.md: the space admin regenerates the code (the old link stops working at
// once); anyone signed in reads what a current code's page shows, and joins through it.
import { api } from '@community/api-client';
import type { Space } from '@community/domain';

export const regenerateInviteCode = (spaceId: string) =>
  api.patch<Space>(`/api/spaces/${encodeURIComponent(spaceId)}/invite-code`);

export type InvitePreview = {
  space: Space;
  invitedBy: { id: string; firstName: string; lastName: string; imageUrl: string | null };
  isMember: boolean;
};

/** What the invite page shows; joins nobody. 404 "This invite link is invalid or has been replaced." */
export const previewInvite = (inviteCode: string, signal?: AbortSignal) =>
  api.get<InvitePreview>(`/api/spaces/invite/${encodeURIComponent(inviteCode)}`, { signal });

/** Joins as GUEST (harmless when already a member); 404 "This invite link is invalid or has been replaced." */
export const joinByInvite = (inviteCode: string) =>
  api.post<Space>(`/api/spaces/invite/${encodeURIComponent(inviteCode)}`);

// Member calls of docs/api.md: list, add (space admin), change a role between GUEST and MODERATOR,
// kick, and the community members who could be added.
import { api, withQuery } from '@community/api-client';
import type { SpaceMember, UpdateSpaceMemberInput } from '@community/domain';

export type AddableUser = {
  id: string;
  firstName: string;
  lastName: string;
  pseudo: string;
  imageUrl: string | null;
};

const spacePath = (spaceId: string) => `/api/spaces/${encodeURIComponent(spaceId)}`;

export const listMembers = (spaceId: string, signal?: AbortSignal) =>
  api.get<{ items: SpaceMember[] }>(`${spacePath(spaceId)}/members`, { signal });

export const listAddableUsers = (spaceId: string, search: string, signal?: AbortSignal) =>
  api.get<{ items: AddableUser[] }>(withQuery(`${spacePath(spaceId)}/addable-users`, { search }), { signal });

export const addMember = (spaceId: string, userId: string) =>
  api.post<{ items: SpaceMember[] }>(`${spacePath(spaceId)}/users`, { userId });

export const changeMemberRole = (spaceId: string, memberId: string, role: UpdateSpaceMemberInput['role']) =>
  api.patch<{ items: SpaceMember[] }>(`${spacePath(spaceId)}/members/${encodeURIComponent(memberId)}`, {
    role,
  });

export const kickMember = (spaceId: string, memberId: string) =>
  api.delete<{ items: SpaceMember[] }>(`${spacePath(spaceId)}/members/${encodeURIComponent(memberId)}`);

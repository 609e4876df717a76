// Space calls of docs/api.md: read one (with the caller's role in it), its landing card, create,
// edit, delete, join (a public one), leave.
import { api } from '@community/api-client';
import type {
  CreateSpaceInput,
  Space,
  SpaceCard,
  SpaceMemberRole,
  UpdateSpaceInput,
} from '@community/domain';

export type SpaceWithRole = { space: Space; role: SpaceMemberRole | null };

const spacePath = (id: string) => `/api/spaces/${encodeURIComponent(id)}`;

export const getSpace = (id: string, signal?: AbortSignal) =>
  api.get<SpaceWithRole>(spacePath(id), { signal });

export const createSpace = (input: CreateSpaceInput) => api.post<Space>('/api/spaces', input);

export const updateSpace = (id: string, input: UpdateSpaceInput) => api.patch<Space>(spacePath(id), input);

export const deleteSpace = (id: string) => api.delete<{ id: string }>(spacePath(id));

export const leaveSpace = (id: string) => api.patch<{ id: string }>(`${spacePath(id)}/leave`);

/** What a space's page shows someone who may not read it: any space, by its id. */
export const getSpaceCard = (id: string, signal?: AbortSignal) =>
  api.get<SpaceCard>(`${spacePath(id)}/card`, { signal });

/** Joins a public space as GUEST (harmless when already in); 403 for a private or paid one. */
export const joinSpace = (id: string) => api.post<Space>(`${spacePath(id)}/join`);

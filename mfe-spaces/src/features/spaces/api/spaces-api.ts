// Space calls of docs/api.md: read one (with the caller's role in it), create, edit, delete, leave.
import { api } from '@community/api-client';
import type { CreateSpaceInput, Space, SpaceMemberRole, UpdateSpaceInput } from '@community/domain';

export type SpaceWithRole = { space: Space; role: SpaceMemberRole | null };

const spacePath = (id: string) => `/api/spaces/${encodeURIComponent(id)}`;

export const getSpace = (id: string, signal?: AbortSignal) =>
  api.get<SpaceWithRole>(spacePath(id), { signal });

export const createSpace = (input: CreateSpaceInput) => api.post<Space>('/api/spaces', input);

export const updateSpace = (id: string, input: UpdateSpaceInput) => api.patch<Space>(spacePath(id), input);

export const deleteSpace = (id: string) => api.delete<{ id: string }>(spacePath(id));

export const leaveSpace = (id: string) => api.patch<{ id: string }>(`${spacePath(id)}/leave`);

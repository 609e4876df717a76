// Requests to join a private space (docs/api.md): the asker asks and withdraws; the space's admin and
// moderators list the pending ones and approve or decline each.
import { api } from '@community/api-client';
import type { JoinRequest, MyJoinRequest } from '@community/domain';

const requestsPath = (spaceId: string) => `/api/spaces/${encodeURIComponent(spaceId)}/join-requests`;

export const askToJoin = (spaceId: string) => api.post<{ joinRequest: MyJoinRequest }>(requestsPath(spaceId));

export const withdrawRequest = (spaceId: string) =>
  api.delete<{ joinRequest: null }>(`${requestsPath(spaceId)}/mine`);

export const listJoinRequests = (spaceId: string, signal?: AbortSignal) =>
  api.get<{ items: JoinRequest[] }>(requestsPath(spaceId), { signal });

export const decideJoinRequest = (spaceId: string, requestId: string, approve: boolean) =>
  api.post<{ items: JoinRequest[] }>(
    `${requestsPath(spaceId)}/${encodeURIComponent(requestId)}/${approve ? 'approval' : 'decline'}`,
  );

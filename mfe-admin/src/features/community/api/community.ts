// The community (GET/PATCH /api/community) and invitations (POST /api/community/invite), docs/api.md.
import { api } from '@community/api-client';
import type {
  Community,
  CreateInviteInput,
  UpdateCommunityInput,
  UpdateWelcomeInput,
} from '@community/domain';

/** The product's domain: a community's address is its subdomain plus this (spec section 9). */
export const COMMUNITY_DOMAIN_SUFFIX = '.community.example';

export const getCommunity = (signal?: AbortSignal) => api.get<Community>('/api/community', { signal });

export const updateCommunity = (input: UpdateCommunityInput) => api.patch<Community>('/api/community', input);

export const createInvite = (input: CreateInviteInput) =>
  api.post<{ invitationLink: string; emailed?: boolean; bounced?: boolean }>('/api/community/invite', input);

/** GET /api/aws-s3/url?key=: a short-lived address of an uploaded file. */
export const getSignedUrl = (key: string, signal?: AbortSignal) =>
  api.get<{ url: string; expiresIn: number }>(`/api/aws-s3/url?key=${encodeURIComponent(key)}`, { signal });

/** PUT /api/community/welcome: the first-visit welcome's text (owner and admins). */
export const updateWelcomeText = (input: UpdateWelcomeInput) =>
  api.put<Community>('/api/community/welcome', input);

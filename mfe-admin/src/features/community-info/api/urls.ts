// The admin's URL list (docs/api.md): GET and POST /api/admin-panel/urls/{userId}, DELETE
// /api/admin-panel/urls/{userId}/{urlId}. The server fills in host, favicon and title safely.
import { api } from '@community/api-client';
import type { CreateUrlsInput } from '@community/domain';

/** Spec section 3, Url entry, plus the host name and favicon the server found. */
export type UrlEntry = {
  id: string;
  url: string;
  label: string | null;
  host: string | null;
  faviconUrl: string | null;
  createdAt: string;
  updatedAt: string;
  userId: string;
  community: { id: string; name: string };
};

const urlsPath = (userId: string) => `/api/admin-panel/urls/${encodeURIComponent(userId)}`;

export const listUrls = (userId: string, signal?: AbortSignal) =>
  api.get<{ items: UrlEntry[] }>(urlsPath(userId), { signal }).then((answer) => answer.items);

export const createUrls = (userId: string, input: CreateUrlsInput) =>
  api.post<{ items: UrlEntry[] }>(urlsPath(userId), input).then((answer) => answer.items);

export const deleteUrl = (userId: string, urlId: string) =>
  api.delete<{ id: string }>(`${urlsPath(userId)}/${encodeURIComponent(urlId)}`);

// GET /api/welcome and POST /api/welcome/dismissal (docs/api.md): the member's first-visit welcome.
import { api } from '@community/api-client';
import type { Welcome } from '@community/domain';

export const getWelcome = (signal?: AbortSignal) => api.get<Welcome>('/api/welcome', { signal });

export const dismissWelcome = () => api.post<void>('/api/welcome/dismissal');

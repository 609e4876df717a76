// GET /api/cities?search= (docs/api.md, "Profiles and members"): places from the city list whose
// name starts with the search, accents and case ignored, largest first. A blank search answers none.
import type { City } from '@community/domain';
import type { ApiClient } from './api-client.ts';
import { withQuery } from './api-client.ts';

export const createCitySearch =
  (api: ApiClient) =>
  async (term: string, signal?: AbortSignal): Promise<City[]> => {
    if (term.trim() === '') return [];
    const { items } = await api.get<{ items: City[] }>(withQuery('/api/cities', { search: term.trim() }), {
      signal,
    });
    return items;
  };

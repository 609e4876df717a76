// GET /api/community: the community's name for the top bar.
import { api } from '@community/api-client';
import type { Community } from '@community/domain';
import { useEffect, useState } from 'react';

export const getCommunity = (signal?: AbortSignal) => api.get<Community>('/api/community', { signal });

export function useCommunity(): { community: Community | null; failed: boolean } {
  const [community, setCommunity] = useState<Community | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getCommunity(controller.signal).then(setCommunity, (error: unknown) => {
      if (!controller.signal.aborted) {
        console.error('[shell] community', error);
        setFailed(true);
      }
    });
    return () => controller.abort();
  }, []);

  return { community, failed };
}

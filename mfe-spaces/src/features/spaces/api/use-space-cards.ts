// GET /api/spaces/directory (docs/api.md): the Spaces page's cards, the spaces of GET /api/spaces and
// the private ones the member is not in, in the same order, with a few faces where the member may read
// them. Reloaded quietly when the spaces change (joined, left…) and after a request to join.
import { api } from '@community/api-client';
import type { SpaceCard } from '@community/domain';
import { type SpaceListState, useSpaceList } from './use-spaces.ts';

export const getSpaceCards = (signal?: AbortSignal) =>
  api.get<{ items: SpaceCard[] }>('/api/spaces/directory', { signal });

export type SpaceCardsState = SpaceListState<SpaceCard>;

export const useSpaceCards = (): SpaceCardsState & { reload: () => void } =>
  useSpaceList(getSpaceCards, '[spaces] directory');

// The members directory's reads (docs/api.md, "Profiles and members"): the paged member list, which
// needs the `community` feature (403 without it), and the two activity widgets.
import { api, withQuery } from '@community/api-client';
import type { LeaderboardEntry, MemberPage, MemberSort } from '@community/domain';

export type DirectoryFilter = { search: string; sort: MemberSort };

export const listMembers = (filter: DirectoryFilter, cursor: string | null, signal?: AbortSignal) =>
  api.get<MemberPage>(
    withQuery('/api/community/users', { search: filter.search, sort: filter.sort, cursor }),
    { signal },
  );

/** Top 10 by posts + comments + messages over the last 30 days. */
export const getLeaderboard = (signal?: AbortSignal) =>
  api.get<{ items: LeaderboardEntry[] }>('/api/users/leaderboard', { signal });

/** Top 5 over the last 7 days. */
export const getMostActive = (signal?: AbortSignal) =>
  api.get<{ items: LeaderboardEntry[] }>('/api/users/most-active', { signal });

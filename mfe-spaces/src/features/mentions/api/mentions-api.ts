// The @mention autocomplete's server read (docs/api.md): members who can read the place whose name
// starts with the letters typed after "@", at most eight.
import { api, withQuery } from '@community/api-client';
import type { MentionCandidate, MentionCandidatesResponse } from '@community/domain';

export type SearchMentions = (query: string, signal: AbortSignal) => Promise<MentionCandidate[]>;

export const spaceMentionSearch =
  (spaceId: string): SearchMentions =>
  async (q, signal) =>
    (
      await api.get<MentionCandidatesResponse>(
        withQuery(`/api/spaces/${encodeURIComponent(spaceId)}/mention-candidates`, { q }),
        { signal },
      )
    ).items;

export const conversationMentionSearch =
  (conversationId: string): SearchMentions =>
  async (q, signal) =>
    (
      await api.get<MentionCandidatesResponse>(
        withQuery(`/api/conversations/${encodeURIComponent(conversationId)}/mention-candidates`, { q }),
        { signal },
      )
    ).items;

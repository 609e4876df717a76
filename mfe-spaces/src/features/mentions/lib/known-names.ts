// Names of members this page has seen mentioned or picked: a message still being sent carries only
// its `<@id>` tokens (the server adds `mentions` when it answers), so it is named from here.
import type { MentionedMember } from '@community/domain';

const known = new Map<string, MentionedMember>();

export function rememberMentioned(members: readonly MentionedMember[] | undefined): void {
  for (const member of members ?? []) known.set(member.id, member);
}

export const knownMentioned = (id: string): MentionedMember | undefined => known.get(id);

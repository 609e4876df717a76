// How the directory writes a member: full name, work line and activity counts.
import type { ActivityCounts } from '@community/domain';

export const fullName = (user: { firstName: string; lastName: string }): string =>
  `${user.firstName} ${user.lastName}`.trim();

/** "Engineer at Acme", or whichever of the two is known (as the profile panel's header says it). */
export function workLine(job: string | null, company: string | null): string | null {
  if (job && company) return `${job} at ${company}`;
  return job || company || null;
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "12 posts · 3 comments · 1 message". */
export const activityLine = ({ posts, comments, messages }: ActivityCounts): string =>
  [
    counted(posts, 'post', 'posts'),
    counted(comments, 'comment', 'comments'),
    counted(messages, 'message', 'messages'),
  ].join(' · ');

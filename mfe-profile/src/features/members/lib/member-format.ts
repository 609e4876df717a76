// How the directory writes a member: full name, work line and activity counts.
import type { ActivityCounts } from '@community/domain';

export { workLine } from '../../../lib/work-line.ts';

export const fullName = (user: { firstName: string; lastName: string }): string =>
  `${user.firstName} ${user.lastName}`.trim();

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "12 posts · 3 comments · 1 message". */
export const activityLine = ({ posts, comments, messages }: ActivityCounts): string =>
  [
    counted(posts, 'post', 'posts'),
    counted(comments, 'comment', 'comments'),
    counted(messages, 'message', 'messages'),
  ].join(' · ');

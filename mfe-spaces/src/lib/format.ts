import type { UserSummary } from '@community/domain';

export const fullName = (user: Pick<UserSummary, 'firstName' | 'lastName'>): string =>
  `${user.firstName} ${user.lastName}`.trim();

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "14:05" for today, "Mar 3, 2026, 14:05" otherwise. */
export function formatMessageTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay ? timeFormat.format(date) : dateTimeFormat.format(date);
}

/** "Mar 3, 2026, 14:05" whatever the day (an edit's time on hover). */
export const formatFullTime = (iso: string): string => dateTimeFormat.format(new Date(iso));

// The weekly digest: the week's top posts in the member's spaces, the coming week's events, and
// what waits unread; each part only when it has something, each line a link to the thing itself.
import { Heading, Link, Text } from '@react-email/components';
import type { DigestJob } from '../mail-job.ts';
import { body, EmailFrame, small } from './email-frame.tsx';

const section = { fontSize: 16, margin: '24px 0 4px' };
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const weeklyDigestSubject = (job: DigestJob) => `Your week in ${job.communityName}`;

/** "2 unread messages and 5 unread notifications", or the one there is, or null. */
export function unreadLine(job: Pick<DigestJob, 'unreadMessages' | 'unreadNotifications'>): string | null {
  const parts = [
    job.unreadMessages > 0 ? plural(job.unreadMessages, 'unread message', 'unread messages') : null,
    job.unreadNotifications > 0
      ? plural(job.unreadNotifications, 'unread notification', 'unread notifications')
      : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' and ') : null;
}

export function WeeklyDigestEmail({ job }: { job: DigestJob }) {
  const unread = unreadLine(job);
  return (
    <EmailFrame
      communityName={job.communityName}
      logoUrl={job.logoUrl}
      preview={[job.posts[0]?.excerpt, job.events[0]?.title, unread].filter(Boolean).join(' · ')}
      heading={`Hi ${job.firstName}, here is your week in ${job.communityName}`}
      action={{ label: `Open ${job.communityName}`, href: job.appUrl }}
      footer={
        <>
          You get this digest every {job.dayName}. Change the day or turn it off in Edit Profile.{' '}
          <Link href={job.unsubscribeUrl}>Stop these emails</Link>
        </>
      }
    >
      {job.posts.length > 0 ? (
        <>
          <Heading as="h2" style={section}>
            Top posts this week
          </Heading>
          {job.posts.map((post) => (
            <Text key={post.url} style={body}>
              <Link href={post.url}>{post.excerpt}</Link>
              <br />
              <span style={small}>
                {post.author} in {post.space} · {plural(post.comments, 'comment', 'comments')}
              </span>
            </Text>
          ))}
        </>
      ) : null}
      {job.events.length > 0 ? (
        <>
          <Heading as="h2" style={section}>
            Coming up
          </Heading>
          {job.events.map((event) => (
            <Text key={event.url} style={body}>
              <Link href={event.url}>{event.title}</Link>
              <br />
              <span style={small}>{event.when}</span>
            </Text>
          ))}
        </>
      ) : null}
      {unread ? (
        <>
          <Heading as="h2" style={section}>
            Waiting for you
          </Heading>
          <Text style={body}>{unread}</Text>
        </>
      ) : null}
    </EmailFrame>
  );
}

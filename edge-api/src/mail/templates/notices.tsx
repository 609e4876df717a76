// Notifications told by email, several in one, each as the bell's line says it (who, where, and for
// a mention the start of what was said): mentions and comments on the member's posts left unread
// while away, and reminders and cancellations of events they RSVPed to.
import { Link, Text } from '@react-email/components';
import type { NoticesJob } from '../mail-job.ts';
import { body, EmailFrame } from './email-frame.tsx';

const WORDING = {
  mentions: {
    many: (count: number) => `${count} mentions and comments waiting`,
    heading: (firstName: string) => `Hi ${firstName}, here is what you missed`,
    action: (community: string) => `Open ${community}`,
    why: 'You get this email when someone mentions you or comments on your post while you are away. One email covers everything until you read it.',
  },
  events: {
    many: (count: number) => `${count} updates about your events`,
    heading: (firstName: string) => `Hi ${firstName}, about the events you're going to`,
    action: () => 'Open events',
    why: 'You get this email for reminders and cancellations of events you RSVPed to.',
  },
} as const;

export const noticesSubject = (job: NoticesJob) =>
  job.total === 1
    ? `${job.titles[0]} – ${job.communityName}`
    : `${WORDING[job.kind].many(job.total)} in ${job.communityName}`;

export function NoticesEmail({ job }: { job: NoticesJob }) {
  const wording = WORDING[job.kind];
  return (
    <EmailFrame
      communityName={job.communityName}
      logoUrl={job.logoUrl}
      preview={job.titles.join(' · ')}
      heading={wording.heading(job.firstName)}
      action={{ label: wording.action(job.communityName), href: job.appUrl }}
      footer={
        <>
          {wording.why} <Link href={job.unsubscribeUrl}>Stop these emails</Link>
        </>
      }
    >
      {job.titles.map((title, index) => (
        <Text key={`${index}-${title}`} style={body}>
          {title}
        </Text>
      ))}
      {job.more > 0 ? <Text style={body}>and {job.more} more</Text> : null}
    </EmailFrame>
  );
}

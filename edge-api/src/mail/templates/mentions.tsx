// Mentions and comments on the member's posts left unread while away, several in one email: each
// as the bell's line says it (who, where, and the start of what was said), no more.
import { Link, Text } from '@react-email/components';
import type { MentionsJob } from '../mail-job.ts';
import { body, EmailFrame } from './email-frame.tsx';

export const mentionsSubject = (job: MentionsJob) =>
  job.total === 1
    ? `${job.titles[0]} in ${job.communityName}`
    : `${job.total} mentions and comments waiting in ${job.communityName}`;

export function MentionsEmail({ job }: { job: MentionsJob }) {
  return (
    <EmailFrame
      communityName={job.communityName}
      preview={job.titles.join(' · ')}
      heading={`Hi ${job.firstName}, here is what you missed`}
      action={{ label: `Open ${job.communityName}`, href: job.appUrl }}
      footer={
        <>
          You get this email when someone mentions you or comments on your post while you are away. One email
          covers everything until you read it. <Link href={job.unsubscribeUrl}>Stop these emails</Link>
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

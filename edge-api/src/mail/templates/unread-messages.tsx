// Direct messages a member left unread while away, several in one email: who wrote and how many,
// not what (the words stay on the platform; a mailbox keeps them forever), with a link to each.
import { Link, Text } from '@react-email/components';
import type { UnreadMessagesJob } from '../mail-job.ts';
import { body, EmailFrame } from './email-frame.tsx';

const messagesWord = (count: number) => (count === 1 ? '1 message' : `${count} messages`);

export const unreadMessagesSubject = (job: UnreadMessagesJob) =>
  job.total === 1
    ? `You have a new message in ${job.communityName}`
    : `You have ${job.total} unread messages in ${job.communityName}`;

export function UnreadMessagesEmail({ job }: { job: UnreadMessagesJob }) {
  return (
    <EmailFrame
      communityName={job.communityName}
      logoUrl={job.logoUrl}
      preview={`${job.conversations.map((conversation) => conversation.from).join(', ')} wrote to you`}
      heading={`Hi ${job.firstName}, you have ${messagesWord(job.total)} waiting`}
      action={{ label: 'Open your messages', href: job.messagesUrl }}
      footer={
        <>
          You get this email when direct messages stay unread while you are away. One email covers everything
          until you read them. <Link href={job.unsubscribeUrl}>Stop these emails</Link>
        </>
      }
    >
      {job.conversations.map((conversation) => (
        <Text key={conversation.url} style={body}>
          <Link href={conversation.url}>{conversation.from}</Link> sent you {messagesWord(conversation.count)}
        </Text>
      ))}
      {job.more > 0 ? (
        <Text style={body}>
          and {job.more} more {job.more === 1 ? 'conversation' : 'conversations'}
        </Text>
      ) : null}
    </EmailFrame>
  );
}

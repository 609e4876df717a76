// Direct messages a member left unread while away, several in one email: who wrote and how many,
// not what (the words stay on the platform; a mailbox keeps them forever), with a link to each.
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { UnreadMessagesJob } from '../mail-job.ts';
import { button, card, page, small } from './styles.ts';

const messagesWord = (count: number) => (count === 1 ? '1 message' : `${count} messages`);

export const unreadMessagesSubject = (job: UnreadMessagesJob) =>
  job.total === 1
    ? `You have a new message in ${job.communityName}`
    : `You have ${job.total} unread messages in ${job.communityName}`;

export function UnreadMessagesEmail({ job }: { job: UnreadMessagesJob }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{`${job.conversations.map((c) => c.from).join(', ')} wrote to you`}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={{ color: '#4f46e5', fontSize: 14, fontWeight: 700, margin: 0 }}>
            {job.communityName}
          </Text>
          <Heading as="h1" style={{ fontSize: 22, margin: '16px 0' }}>
            Hi {job.firstName}, you have {messagesWord(job.total)} waiting
          </Heading>
          {job.conversations.map((conversation) => (
            <Text key={conversation.url} style={{ fontSize: 16, lineHeight: '24px', margin: '4px 0' }}>
              <Link href={conversation.url}>{conversation.from}</Link> sent you{' '}
              {messagesWord(conversation.count)}
            </Text>
          ))}
          {job.more > 0 ? (
            <Text style={{ fontSize: 16, lineHeight: '24px', margin: '4px 0' }}>
              and {job.more} more {job.more === 1 ? 'conversation' : 'conversations'}
            </Text>
          ) : null}
          <Section style={{ margin: '24px 0' }}>
            <Button href={job.messagesUrl} style={button}>
              Open your messages
            </Button>
          </Section>
          <Hr />
          <Text style={small}>
            You get this email when direct messages stay unread while you are away. One email covers
            everything until you read them. <Link href={job.unsubscribeUrl}>Stop these emails</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

// The invitation email, built from React Email's components (they write the table markup mail
// apps need). No remote image: a logo fetched from our host would tell us when the email is read.
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Preview,
  Section,
  Text,
} from '@react-email/components';

import { button, card, page, small } from './styles.ts';

export type InvitationProps = {
  communityName: string;
  invitedBy: string;
  link: string;
  expiresInDays: number;
};

export function InvitationEmail({ communityName, invitedBy, link, expiresInDays }: InvitationProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{`${invitedBy} invited you to join ${communityName}`}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={{ color: '#4f46e5', fontSize: 14, fontWeight: 700, margin: 0 }}>{communityName}</Text>
          <Heading as="h1" style={{ fontSize: 22, margin: '16px 0' }}>
            You're invited to join {communityName}
          </Heading>
          <Text style={{ fontSize: 16, lineHeight: '24px' }}>
            {invitedBy} invited you to join {communityName}: events, spaces to chat in, posts and the people
            behind them.
          </Text>
          <Section style={{ margin: '24px 0' }}>
            <Button href={link} style={button}>
              Accept the invitation
            </Button>
          </Section>
          {/* The token is one long word: broken anywhere, or a phone scrolls sideways. */}
          <Text style={{ ...small, wordBreak: 'break-all' }}>Or open this link: {link}</Text>
          <Hr />
          <Text style={small}>
            The link works once and expires in {expiresInDays} days. If you did not expect this invitation,
            you can ignore this email.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

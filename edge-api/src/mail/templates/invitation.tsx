// The invitation email (an admin's POST /api/community/invite).
import { Text } from '@react-email/components';
import { body, EmailFrame, small } from './email-frame.tsx';

export type InvitationProps = {
  communityName: string;
  logoUrl?: string | undefined;
  invitedBy: string;
  link: string;
  expiresInDays: number;
};

export function InvitationEmail({ communityName, logoUrl, invitedBy, link, expiresInDays }: InvitationProps) {
  return (
    <EmailFrame
      communityName={communityName}
      logoUrl={logoUrl}
      preview={`${invitedBy} invited you to join ${communityName}`}
      heading={`You're invited to join ${communityName}`}
      action={{ label: 'Accept the invitation', href: link }}
      // The token is one long word: broken anywhere, or a phone scrolls sideways.
      afterAction={<Text style={{ ...small, wordBreak: 'break-all' }}>Or open this link: {link}</Text>}
      footer={`The link works once and expires in ${expiresInDays} days. If you did not expect this invitation, you can ignore this email.`}
    >
      <Text style={body}>
        {invitedBy} invited you to join {communityName}: events, spaces to chat in, posts and the people
        behind them.
      </Text>
    </EmailFrame>
  );
}

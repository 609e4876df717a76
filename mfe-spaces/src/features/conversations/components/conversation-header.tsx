// The conversation's header: the other member's picture with their online dot, their name, and
// "Online" or "Last seen …", live from the presence store (their API `lastOfflineAt` until the
// presence socket has spoken).
import { usePresence } from '@community/api-client';
import type { ConversationPartner } from '@community/domain';
import { Avatar } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { fullName } from '../../../lib/format.ts';
import { ProfileLink } from '../../../lib/profile-link.tsx';
import { lastSeenText } from '../lib/last-seen.ts';

export function ConversationHeader({ other }: { other: ConversationPartner }) {
  const presence = usePresence(other.id, other.lastOfflineAt ?? null);
  const name = fullName(other);
  return (
    <header
      data-testid="conversation-header"
      className={css({
        display: 'flex',
        alignItems: 'center',
        gap: '3',
        px: '5',
        py: '3',
        borderBottomWidth: '1px',
      })}
    >
      <ProfileLink
        userId={other.id}
        label={`Open ${name}'s profile`}
        className={css({
          borderRadius: 'full',
          cursor: 'pointer',
          _focusVisible: { outline: '2px solid', outlineColor: 'accent.default' },
        })}
      >
        <Avatar name={name} src={other.imageUrl} size="md" online={presence.online} />
      </ProfileLink>
      <div className={css({ minW: '0' })}>
        <h1 className={css({ textStyle: 'lg', fontWeight: 'semibold', truncate: true })}>{name}</h1>
        <p data-testid="conversation-presence" className={css({ textStyle: 'xs', color: 'fg.muted' })}>
          {presence.online ? 'Online' : lastSeenText(presence.lastSeenAt)}
        </p>
      </div>
    </header>
  );
}

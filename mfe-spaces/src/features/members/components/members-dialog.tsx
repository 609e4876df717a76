// The members dialog (spec sections 2, 4, 6): everyone in the space with their role; the space admin
// also gets a Guest ⇄ Moderator switch and a kick action for every member but themselves, and the way
// to add members. The list is at most 420 px high in the desktop dialog; on a phone it fills the sheet.
import { Switch } from '@ark-ui/react/switch';
import { referenceOf, usePresence } from '@community/api-client';
import type { SpaceMember, SpaceMemberRole } from '@community/domain';
import { MEMBER_LIST_MAX_HEIGHT_PX } from '@community/domain';
import { Avatar, Badge, Button, EmptyState, icons, openModal, Skeleton, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { serverMessage } from '../../../lib/error-message.ts';
import { fullName } from '../../../lib/format.ts';
import { UserPlus } from '../../../lib/icons.tsx';
import { ModalFrame } from '../../../lib/modal-frame.tsx';
import { useSpace } from '../../spaces/api/use-space.ts';
import { changeMemberRole, kickMember } from '../api/members-api.ts';
import { useMembers } from '../api/use-members.ts';
import { JoinRequests } from './join-requests.tsx';

export const ROLE_LABELS: Record<SpaceMemberRole, string> = {
  ADMIN: 'Admin',
  MODERATOR: 'Moderator',
  GUEST: 'Guest',
};

const ROLE_BADGE_CLASSES: Record<SpaceMemberRole, string> = {
  ADMIN: css({ colorPalette: 'accent' }),
  MODERATOR: css({ colorPalette: 'success' }),
  GUEST: css({ colorPalette: 'neutral' }),
};

export const ROLE_CHANGE_FAILED = 'Failed to change the role'; // ours
export const KICK_FAILED = 'Failed to remove the member'; // ours

function RoleSwitch({
  member,
  busy,
  onChange,
}: {
  member: SpaceMember;
  busy: boolean;
  onChange: (role: 'GUEST' | 'MODERATOR') => void;
}) {
  return (
    <Switch.Root
      checked={member.role === 'MODERATOR'}
      disabled={busy}
      onCheckedChange={(details) => onChange(details.checked ? 'MODERATOR' : 'GUEST')}
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '2',
        cursor: 'pointer',
        _disabled: { opacity: 0.5 },
      })}
    >
      <Switch.Control
        className={css({
          position: 'relative',
          display: 'inline-flex',
          alignItems: 'center',
          w: '9',
          h: '5',
          p: '0.5',
          borderRadius: 'full',
          bg: 'bg.emphasized',
          transitionProperty: 'background',
          transitionDuration: 'fast',
          _checked: { bg: 'accent.default' },
          _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
        })}
      >
        <Switch.Thumb
          className={css({
            w: '4',
            h: '4',
            borderRadius: 'full',
            bg: 'white',
            boxShadow: 'xs',
            transitionProperty: 'transform',
            transitionDuration: 'fast',
            _checked: { transform: 'translateX(1rem)' },
          })}
        />
      </Switch.Control>
      <Switch.Label className={css({ textStyle: 'xs', color: 'fg.muted' })}>
        Moderator<span className={css({ srOnly: true })}>: {fullName(member.user)}</span>
      </Switch.Label>
      <Switch.HiddenInput />
    </Switch.Root>
  );
}

function MemberRow({
  spaceId,
  member,
  manage,
  onChanged,
}: {
  spaceId: string;
  member: SpaceMember;
  manage: boolean;
  onChanged: (members: SpaceMember[]) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [confirmingKick, setConfirmingKick] = useState(false);
  const name = fullName(member.user);
  const spaceAdmin = member.role === 'ADMIN';
  const { online } = usePresence(member.userId, member.user.lastOfflineAt);

  async function act(work: () => Promise<{ items: SpaceMember[] }>, failure: string) {
    setBusy(true);
    try {
      onChanged((await work()).items);
    } catch (error) {
      console.error('[members]', error);
      toast.error(failure, serverMessage(error), { reference: referenceOf(error) });
    } finally {
      setBusy(false);
      setConfirmingKick(false);
    }
  }

  return (
    <li
      aria-label={name}
      className={css({
        display: 'flex',
        // On a phone the admin's controls take a line of their own under the name, so the name keeps
        // the row's width and wraps rather than being cut.
        flexWrap: { base: 'wrap', md: 'nowrap' },
        alignItems: 'center',
        columnGap: '3',
        rowGap: '2',
        py: '2.5',
        borderBottomWidth: '1px',
        _last: { borderBottomWidth: '0' },
      })}
    >
      <Avatar name={name} src={member.user.imageUrl} size="sm" online={online} />
      <div className={css({ flex: '1', minW: '0' })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: '2' })}>
          <span
            className={css({
              textStyle: 'sm',
              fontWeight: 'medium',
              overflowWrap: 'anywhere',
              md: { truncate: true },
            })}
          >
            {name}
          </span>
          <Badge size="sm" className={ROLE_BADGE_CLASSES[member.role]}>
            {ROLE_LABELS[member.role]}
          </Badge>
        </div>
        {member.user.email ? (
          <p
            className={css({
              textStyle: 'xs',
              color: 'fg.muted',
              overflowWrap: 'anywhere',
              md: { truncate: true },
            })}
          >
            {member.user.email}
          </p>
        ) : null}
      </div>
      {manage && !spaceAdmin ? (
        <div
          className={css({
            display: 'flex',
            alignItems: 'center',
            gap: '2',
            flexShrink: 0,
            // Under the name on a phone, lined up with it (past the avatar: 2rem, and the 0.75rem gap).
            w: { base: 'full', md: 'auto' },
            ps: { base: '11', md: '0' },
          })}
        >
          <RoleSwitch
            member={member}
            busy={busy}
            onChange={(role) =>
              void act(() => changeMemberRole(spaceId, member.id, role), ROLE_CHANGE_FAILED)
            }
          />
          {confirmingKick ? (
            <>
              <Button
                size="xs"
                className={css({ colorPalette: 'danger' })}
                loading={busy}
                onClick={() => void act(() => kickMember(spaceId, member.id), KICK_FAILED)}
              >
                Confirm kick
              </Button>
              <Button size="xs" variant="ghost" onClick={() => setConfirmingKick(false)} disabled={busy}>
                Cancel
              </Button>
            </>
          ) : (
            <Button
              size="xs"
              variant="outline"
              aria-label={`Kick ${name}`}
              onClick={() => setConfirmingKick(true)}
              disabled={busy}
            >
              Kick
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}

export function MembersDialog({ spaceId }: { spaceId: string }) {
  const space = useSpace(spaceId);
  const members = useMembers(spaceId);
  const manage = space.status === 'ready' && space.role === 'ADMIN';
  // Requests to join: a private space's admin and moderators decide them.
  const decides =
    space.status === 'ready' &&
    space.space.type === 'PRIVATE' &&
    (space.role === 'ADMIN' || space.role === 'MODERATOR');

  let body: ReactNode;
  if (members.status === 'loading') {
    body = (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading members"
        className={css({ display: 'grid', gap: '3' })}
      >
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
            <Skeleton shape="circle" className={css({ w: '8', h: '8' })} />
            <Skeleton shape="text" className={css({ w: '40' })} />
          </div>
        ))}
      </div>
    );
  } else if (members.status === 'error') {
    body = (
      <EmptyState
        icon={<icons.AlertTriangle />}
        title="Unable to load members"
        reference={members.reference}
        action={
          <Button size="sm" variant="outline" onClick={members.reload}>
            Retry
          </Button>
        }
      />
    );
  } else {
    body = (
      // Focusable so a long list scrolls from the keyboard too (axe scrollable-region-focusable).
      <ul
        aria-label="Members"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        className={css({
          overflowY: 'auto',
          pe: '1',
          // The spec's cap is for the centred desktop dialog; a phone's full-height sheet uses its height.
          maxH: { base: 'none', md: 'var(--member-list-max-height)' },
          _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
        })}
        style={{ '--member-list-max-height': `${MEMBER_LIST_MAX_HEIGHT_PX}px` } as CSSProperties}
      >
        {members.members.map((member) => (
          <MemberRow
            key={member.id}
            spaceId={spaceId}
            member={member}
            manage={manage}
            onChanged={members.replace}
          />
        ))}
      </ul>
    );
  }

  return (
    <ModalFrame
      title="Members"
      description={members.status === 'ready' ? `${members.members.length} in this space` : undefined}
    >
      {manage ? (
        <div className={css({ display: 'flex', justifyContent: 'flex-end', mb: '3' })}>
          <Button size="sm" variant="outline" onClick={() => openModal('addMembers', { spaceId })}>
            <UserPlus />
            Add members
          </Button>
        </div>
      ) : null}
      {decides ? <JoinRequests spaceId={spaceId} onApproved={members.reload} /> : null}
      {body}
    </ModalFrame>
  );
}

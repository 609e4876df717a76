// The ways into a space, shared by the Spaces page's cards, a non-member's landing card and a public
// space's header (docs/product-decisions.md, "Spaces and chat"): Join for a public space (at once,
// as an invite would), the payment hint for a paid one, who to ask for a private one; and a few of
// its members' faces.
import { referenceOf } from '@community/api-client';
import type { Space, SpaceFace } from '@community/domain';
import { Avatar, Button, type ButtonProps, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useState } from 'react';
import { serverMessage } from '../../../lib/error-message.ts';
import { fullName } from '../../../lib/format.ts';
import { notifySpacesChanged } from '../../../lib/spaces-events.ts';
import { joinSpace } from '../api/spaces-api.ts';

/** Ours: what a non-member can do in a space. */
export const READ_ONLY_NOTE = 'You can read this space. Join it to post and chat.';
export const PRIVATE_SPACE_NOTE = 'Members only. Ask to join: its admin and moderators decide.';
export const REQUEST_SENT = 'Request sent. Its admin and moderators will answer, and you will be notified.';
export const REQUEST_FAILED = 'Could not send the request';
export const WITHDRAW_FAILED = 'Could not withdraw the request';
/** As the invite page says (docs/product-decisions.md): no payment is taken here. */
export const PAID_SPACE_HINT =
  'This is a paid space. Payments are not taken on this platform: its admin arranges the fee with you and sends you an invite link.';
export const JOIN_FAILED = 'Could not join the space';

export const joinedMessage = (space: Pick<Space, 'name'>) => `You joined ${space.name}`;

/** What a non-member is told about the way in (a public space's is its Join button). */
export function nonMemberNote(space: Pick<Space, 'type'>): string {
  if (space.type === 'PUBLIC') return READ_ONLY_NOTE;
  return space.type === 'PAID' ? PAID_SPACE_HINT : PRIVATE_SPACE_NOTE;
}

export { membersLabel } from './space-summary-card.tsx';

/** Joins a public space: the sidebar, the Spaces page and an open space page follow at once. */
export function JoinSpaceButton({
  space,
  children = 'Join space',
  ...props
}: { space: Pick<Space, 'id' | 'name'> } & Omit<ButtonProps, 'onClick' | 'loading'>) {
  const [joining, setJoining] = useState(false);
  async function join() {
    setJoining(true);
    try {
      await joinSpace(space.id);
      toast.success(joinedMessage(space));
      notifySpacesChanged({ spaceId: space.id });
    } catch (error) {
      console.error('[spaces] join', error);
      toast.error(JOIN_FAILED, serverMessage(error), { reference: referenceOf(error) });
    } finally {
      setJoining(false);
    }
  }
  return (
    <Button {...props} loading={joining} onClick={() => void join()}>
      {children}
    </Button>
  );
}

/** A few members' faces, overlapping; named for screen readers in one sentence. */
export function SpaceFaces({ faces }: { faces: readonly SpaceFace[] }) {
  if (faces.length === 0) return null;
  const names = faces.map(fullName).join(', ');
  return (
    <span className={css({ display: 'inline-flex', alignItems: 'center' })} title={names}>
      {/* Side by side, not stacked: initials half hidden under the next face read as noise. */}
      <span aria-hidden="true" className={css({ display: 'inline-flex', gap: '0.5' })}>
        {faces.map((face) => (
          <Avatar key={face.id} name={fullName(face)} src={face.imageUrl} size="xs" />
        ))}
      </span>
      <span className={css({ srOnly: true })}>Members include {names}</span>
    </span>
  );
}

// The way into a private space (issue 30), on its landing card and its card on the Spaces page:
// Request to join; while it waits, Withdraw request; declined, when one may ask again. The card reloads after each step, and again when the
// answer arrives (JOIN_APPROVED opens the space: spaces-events.ts).
import { referenceOf } from '@community/api-client';
import type { MyJoinRequest } from '@community/domain';
import { Button, icons, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useState } from 'react';
import { serverMessage } from '../../../lib/error-message.ts';
import { askToJoin, withdrawRequest } from '../../members/api/join-requests-api.ts';
import { PRIVATE_SPACE_NOTE, REQUEST_FAILED, REQUEST_SENT, WITHDRAW_FAILED } from './space-join.tsx';

const noteClass = css({ textStyle: 'sm', color: 'fg.muted' });
const dateFormat = new Intl.DateTimeFormat(undefined, { month: 'long', day: 'numeric', year: 'numeric' });

export const declinedNote = (askAgainAt: string) =>
  `Your request was declined. You can ask again from ${dateFormat.format(new Date(askAgainAt))}.`;

/** Asking and withdrawing, with a toast when it fails; `onChanged` reloads what shows the request. */
function useRequestSteps(spaceId: string, onChanged: () => void) {
  const [busy, setBusy] = useState(false);
  async function run(work: () => Promise<unknown>, failure: string) {
    setBusy(true);
    try {
      await work();
      onChanged();
    } catch (error) {
      console.error('[spaces] join request', error);
      toast.error(failure, serverMessage(error), { reference: referenceOf(error) });
    } finally {
      setBusy(false);
    }
  }
  return {
    busy,
    ask: () => void run(() => askToJoin(spaceId), REQUEST_FAILED),
    withdraw: () => void run(() => withdrawRequest(spaceId), WITHDRAW_FAILED),
  };
}

/** Whether a declined request's cool-down still runs (then one may not ask yet). */
const coolingDown = (
  joinRequest: MyJoinRequest | null,
): joinRequest is MyJoinRequest & { askAgainAt: string } =>
  joinRequest?.status === 'DECLINED' &&
  !!joinRequest.askAgainAt &&
  new Date(joinRequest.askAgainAt) > new Date();

/** What a private space's card on the Spaces page says about one's request (beside its buttons). */
export function joinRequestNote(joinRequest: MyJoinRequest | null): string {
  if (joinRequest?.status === 'PENDING') return REQUEST_SENT;
  if (coolingDown(joinRequest)) return declinedNote(joinRequest.askAgainAt);
  return PRIVATE_SPACE_NOTE;
}

/**
 * The Spaces page's card of a private space one is not in (as Circle lists one): Request to join;
 * while it waits, "Requested" and Withdraw request; nothing to press during a decline's cool-down.
 * `describedBy` names the card, so each card's buttons are told apart.
 */
export function JoinRequestButtons({
  spaceId,
  joinRequest,
  describedBy,
  onChanged,
}: {
  spaceId: string;
  joinRequest: MyJoinRequest | null;
  describedBy: string;
  onChanged: () => void;
}) {
  const { busy, ask, withdraw } = useRequestSteps(spaceId, onChanged);
  if (joinRequest?.status === 'PENDING') {
    return (
      <>
        <span
          role="status"
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            gap: '1',
            textStyle: 'sm',
            fontWeight: 'medium',
            color: 'fg.muted',
          })}
        >
          <icons.Clock aria-hidden="true" className={css({ w: '3.5', h: '3.5' })} />
          Requested
        </span>
        <Button size="sm" variant="outline" loading={busy} aria-describedby={describedBy} onClick={withdraw}>
          Withdraw request
        </Button>
      </>
    );
  }
  if (coolingDown(joinRequest)) return null;
  return (
    <Button size="sm" loading={busy} aria-describedby={describedBy} onClick={ask}>
      Request to join
    </Button>
  );
}

export function JoinRequestAction({
  spaceId,
  joinRequest,
  onChanged,
}: {
  spaceId: string;
  joinRequest: MyJoinRequest | null;
  onChanged: () => void;
}) {
  const { busy, ask, withdraw } = useRequestSteps(spaceId, onChanged);

  if (joinRequest?.status === 'PENDING') {
    return (
      <>
        <p role="status" className={noteClass}>
          {REQUEST_SENT}
        </p>
        <Button variant="outline" loading={busy} onClick={withdraw}>
          Withdraw request
        </Button>
      </>
    );
  }
  if (coolingDown(joinRequest)) return <p className={noteClass}>{declinedNote(joinRequest.askAgainAt)}</p>;
  return (
    <>
      <p className={noteClass}>{PRIVATE_SPACE_NOTE}</p>
      <Button loading={busy} onClick={ask}>
        Request to join
      </Button>
    </>
  );
}

// The landing card's way into a private space (issue 30): Request to join; while it waits, Withdraw
// request; declined, when one may ask again. The card reloads after each step, and again when the
// answer arrives (JOIN_APPROVED opens the space: spaces-events.ts).
import type { MyJoinRequest } from '@community/domain';
import { Button, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useState } from 'react';
import { serverMessage } from '../../../lib/error-message.ts';
import { askToJoin, withdrawRequest } from '../../members/api/join-requests-api.ts';
import { PRIVATE_SPACE_NOTE, REQUEST_FAILED, REQUEST_SENT, WITHDRAW_FAILED } from './space-join.tsx';

const noteClass = css({ textStyle: 'sm', color: 'fg.muted' });
const dateFormat = new Intl.DateTimeFormat(undefined, { month: 'long', day: 'numeric', year: 'numeric' });

export const declinedNote = (askAgainAt: string) =>
  `Your request was declined. You can ask again from ${dateFormat.format(new Date(askAgainAt))}.`;

export function JoinRequestAction({
  spaceId,
  joinRequest,
  onChanged,
}: {
  spaceId: string;
  joinRequest: MyJoinRequest | null;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  async function run(work: () => Promise<unknown>, failure: string) {
    setBusy(true);
    try {
      await work();
      onChanged();
    } catch (error) {
      console.error('[spaces] join request', error);
      toast.error(failure, serverMessage(error));
    } finally {
      setBusy(false);
    }
  }

  if (joinRequest?.status === 'PENDING') {
    return (
      <>
        <p role="status" className={noteClass}>
          {REQUEST_SENT}
        </p>
        <Button
          variant="outline"
          loading={busy}
          onClick={() => void run(() => withdrawRequest(spaceId), WITHDRAW_FAILED)}
        >
          Withdraw request
        </Button>
      </>
    );
  }
  const waiting =
    joinRequest?.status === 'DECLINED' &&
    joinRequest.askAgainAt &&
    new Date(joinRequest.askAgainAt) > new Date();
  if (waiting && joinRequest?.askAgainAt)
    return <p className={noteClass}>{declinedNote(joinRequest.askAgainAt)}</p>;
  return (
    <>
      <p className={noteClass}>{PRIVATE_SPACE_NOTE}</p>
      <Button loading={busy} onClick={() => void run(() => askToJoin(spaceId), REQUEST_FAILED)}>
        Request to join
      </Button>
    </>
  );
}

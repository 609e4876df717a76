// Pending requests to join a private space, at the top of the members dialog for its admin and
// moderators (issue 30): each asker with Approve and Decline. A new request (JOIN_REQUEST on the
// user room) reloads the list; a decision answers with the requests left.
import { referenceOf } from '@community/api-client';
import type { JoinRequest } from '@community/domain';
import { Avatar, Button, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useCallback, useEffect, useState } from 'react';
import { serverMessage } from '../../../lib/error-message.ts';
import { fullName } from '../../../lib/format.ts';
import { useSpacesChanged } from '../../../lib/spaces-events.ts';
import { decideJoinRequest, listJoinRequests } from '../api/join-requests-api.ts';

export const DECISION_FAILED = 'Could not answer the request'; // ours

function useJoinRequests(spaceId: string) {
  const [requests, setRequests] = useState<JoinRequest[]>([]);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  useSpacesChanged((change) => {
    if (!change.spaceId || change.spaceId === spaceId) reload();
  });
  useEffect(() => {
    void version;
    const controller = new AbortController();
    listJoinRequests(spaceId, controller.signal).then(
      ({ items }) => setRequests(items),
      (error: unknown) => {
        if (!controller.signal.aborted) console.error('[members] join requests', error);
      },
    );
    return () => controller.abort();
  }, [spaceId, version]);
  return { requests, setRequests };
}

function RequestRow({
  spaceId,
  request,
  onDecided,
}: {
  spaceId: string;
  request: JoinRequest;
  onDecided: (left: JoinRequest[], approved: boolean) => void;
}) {
  const [busy, setBusy] = useState<'approve' | 'decline' | null>(null);
  const name = fullName(request.user);
  async function decide(approve: boolean) {
    setBusy(approve ? 'approve' : 'decline');
    try {
      const { items } = await decideJoinRequest(spaceId, request.id, approve);
      toast.success(approve ? `${name} joined the space` : `Request from ${name} declined`);
      onDecided(items, approve);
    } catch (error) {
      console.error('[members] decide', error);
      toast.error(DECISION_FAILED, serverMessage(error), { reference: referenceOf(error) });
      setBusy(null);
    }
  }
  return (
    <li
      aria-label={name}
      className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', py: '2' })}
    >
      <Avatar name={name} src={request.user.imageUrl} size="sm" />
      <span className={css({ flex: '1', minW: '32', textStyle: 'sm', fontWeight: 'medium' })}>{name}</span>
      <div className={css({ display: 'flex', gap: '2' })}>
        <Button
          size="xs"
          aria-label={`Approve ${name}`}
          loading={busy === 'approve'}
          disabled={busy !== null}
          onClick={() => void decide(true)}
        >
          Approve
        </Button>
        <Button
          size="xs"
          variant="outline"
          aria-label={`Decline ${name}`}
          loading={busy === 'decline'}
          disabled={busy !== null}
          onClick={() => void decide(false)}
        >
          Decline
        </Button>
      </div>
    </li>
  );
}

/** Nothing while no one waits; the members list follows an approval through `onApproved`. */
export function JoinRequests({ spaceId, onApproved }: { spaceId: string; onApproved: () => void }) {
  const { requests, setRequests } = useJoinRequests(spaceId);
  if (requests.length === 0) return null;
  return (
    <section
      aria-labelledby="join-requests-heading"
      className={css({ mb: '4', p: '3', borderWidth: '1px', borderRadius: 'l2', bg: 'bg.subtle' })}
    >
      <h3 id="join-requests-heading" className={css({ textStyle: 'sm', fontWeight: 'semibold' })}>
        Requests to join ({requests.length})
      </h3>
      <ul aria-labelledby="join-requests-heading">
        {requests.map((request) => (
          <RequestRow
            key={request.id}
            spaceId={spaceId}
            request={request}
            onDecided={(left, approved) => {
              setRequests(left);
              if (approved) onApproved();
            }}
          />
        ))}
      </ul>
    </section>
  );
}

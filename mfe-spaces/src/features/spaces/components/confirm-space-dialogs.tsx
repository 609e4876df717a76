// deleteSpace (SUPER_ADMIN only) and leaveSpace: a confirmation, then home (`/`) once done.
import { referenceOf } from '@community/api-client';
import { SPACE_DELETE_FAILED, SPACE_DELETED } from '@community/domain';
import { Button, closeModal, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { serverMessage } from '../../../lib/error-message.ts';
import { ModalFrame } from '../../../lib/modal-frame.tsx';
import { notifySpacesChanged } from '../../../lib/spaces-events.ts';
import { deleteSpace, leaveSpace } from '../api/spaces-api.ts';

export const SPACE_LEAVE_FAILED = 'Failed to leave space'; // ours

type ConfirmProps = {
  title: string;
  description: string;
  confirmLabel: string;
  action: () => Promise<void>;
};

function ConfirmDialog({ title, description, confirmLabel, action }: ConfirmProps) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  }
  return (
    <ModalFrame
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={closeModal} disabled={busy}>
            Cancel
          </Button>
          <Button className={css({ colorPalette: 'danger' })} loading={busy} onClick={confirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>{description}</p>
    </ModalFrame>
  );
}

export function DeleteSpaceDialog({ spaceId, spaceName }: { spaceId: string; spaceName?: string }) {
  const [, navigate] = useLocation();
  return (
    <ConfirmDialog
      title="Delete space"
      description={`${spaceName ?? 'This space'} and all its messages will be deleted for everyone. This cannot be undone.`}
      confirmLabel="Delete space"
      action={async () => {
        try {
          await deleteSpace(spaceId);
        } catch (error) {
          console.error('[spaces] delete', error);
          toast.error(SPACE_DELETE_FAILED, serverMessage(error), { reference: referenceOf(error) });
          return;
        }
        toast.success(SPACE_DELETED);
        notifySpacesChanged({ spaceId });
        closeModal();
        navigate('/');
      }}
    />
  );
}

export function LeaveSpaceDialog({ spaceId, spaceName }: { spaceId: string; spaceName?: string }) {
  const [, navigate] = useLocation();
  return (
    <ConfirmDialog
      title="Leave space"
      description={`You will leave ${spaceName ?? 'this space'}. To come back, you will need an invite link or the space admin.`}
      confirmLabel="Leave space"
      action={async () => {
        try {
          await leaveSpace(spaceId);
        } catch (error) {
          console.error('[spaces] leave', error);
          toast.error(SPACE_LEAVE_FAILED, serverMessage(error), { reference: referenceOf(error) });
          return;
        }
        notifySpacesChanged({ spaceId });
        closeModal();
        navigate('/');
      }}
    />
  );
}

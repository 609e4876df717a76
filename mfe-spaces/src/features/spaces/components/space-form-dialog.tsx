// createServer and editSpace: one form (spec section 5) with the section 8 toasts. A created space
// opens at once; both refresh the sidebar list.
import { referenceOf } from '@community/api-client';
import type { CreateSpaceInput, Space, UpdateSpaceInput } from '@community/domain';
import {
  INTERNAL_SERVER_ERROR,
  SPACE_CREATE_FAILED,
  SPACE_UPDATE_FAILED,
  SPACE_UPDATED,
} from '@community/domain';
import { Button, closeModal, EmptyState, icons, Skeleton, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { serverMessage } from '../../../lib/error-message.ts';
import { ModalFrame } from '../../../lib/modal-frame.tsx';
import { notifySpacesChanged } from '../../../lib/spaces-events.ts';
import { createSpace, getSpace, updateSpace } from '../api/spaces-api.ts';
import { SpaceForm } from './space-form.tsx';

export function CreateSpaceDialog() {
  const [, navigate] = useLocation();

  async function create(input: CreateSpaceInput | UpdateSpaceInput) {
    try {
      const space = await createSpace(input as CreateSpaceInput);
      notifySpacesChanged({ spaceId: space.id });
      closeModal();
      navigate(`/spaces/${space.id}`);
    } catch (error) {
      console.error('[spaces] create', error);
      toast.error(SPACE_CREATE_FAILED, serverMessage(error, INTERNAL_SERVER_ERROR), {
        reference: referenceOf(error),
      });
      throw error;
    }
  }

  return (
    <ModalFrame title="Create space" description="A place for members to chat." confirmDiscard>
      <SpaceForm mode="create" submitLabel="Create space" onSubmit={create} onCancel={closeModal} />
    </ModalFrame>
  );
}

export function EditSpaceDialog({ spaceId }: { spaceId: string }) {
  const [space, setSpace] = useState<Space | null>(null);
  const [failed, setFailed] = useState(false);
  const [reference, setReference] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getSpace(spaceId, controller.signal).then(
      (answer) => setSpace(answer.space),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[spaces] edit', error);
        setReference(referenceOf(error));
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, [spaceId]);

  async function save(input: CreateSpaceInput | UpdateSpaceInput) {
    try {
      await updateSpace(spaceId, input);
      toast.success(SPACE_UPDATED);
      notifySpacesChanged({ spaceId });
      closeModal();
    } catch (error) {
      console.error('[spaces] update', error);
      toast.error(SPACE_UPDATE_FAILED, serverMessage(error), { reference: referenceOf(error) });
      throw error;
    }
  }

  let body: ReactNode;
  if (failed) {
    body = (
      <EmptyState
        icon={<icons.AlertTriangle />}
        title="Unable to load space"
        reference={reference}
        action={
          <Button size="sm" variant="outline" onClick={closeModal}>
            Close
          </Button>
        }
      />
    );
  } else if (!space) {
    body = (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading space"
        className={css({ display: 'grid', gap: '4' })}
      >
        <Skeleton className={css({ h: '10' })} />
        <Skeleton className={css({ h: '24' })} />
        <Skeleton className={css({ h: '10' })} />
      </div>
    );
  } else {
    body = (
      <SpaceForm
        mode="edit"
        initialValues={{
          name: space.name,
          description: space.description,
          type: space.type,
          color: space.color,
        }}
        typeEditable={space.type !== 'PAID'}
        submitLabel="Save changes"
        onSubmit={save}
        onCancel={closeModal}
      />
    );
  }

  return (
    <ModalFrame title="Edit space" confirmDiscard>
      {body}
    </ModalFrame>
  );
}

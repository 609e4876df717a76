// The members of a space, with a reload for when someone joins, leaves or changes role.
import { referenceOf } from '@community/api-client';
import type { SpaceMember } from '@community/domain';
import { useCallback, useEffect, useState } from 'react';
import { listMembers } from './members-api.ts';

export type MembersState =
  | { status: 'loading' }
  | { status: 'error'; reference: string | null }
  | { status: 'ready'; members: SpaceMember[] };

export function useMembers(spaceId: string): MembersState & {
  reload: () => void;
  replace: (members: SpaceMember[]) => void;
} {
  const [state, setState] = useState<MembersState>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    void version;
    const controller = new AbortController();
    listMembers(spaceId, controller.signal).then(
      ({ items }) => setState({ status: 'ready', members: items }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[spaces] members', error);
        setState((current) =>
          current.status === 'ready' ? current : { status: 'error', reference: referenceOf(error) },
        );
      },
    );
    return () => controller.abort();
  }, [spaceId, version]);

  const reload = useCallback(() => setVersion((n) => n + 1), []);
  const replace = useCallback((members: SpaceMember[]) => setState({ status: 'ready', members }), []);
  return { ...state, reload, replace };
}

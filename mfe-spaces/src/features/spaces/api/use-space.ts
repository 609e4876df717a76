// GET /api/spaces/{id}: the space and the caller's role in it, reloaded when the spaces change
// (edited in a dialog) or when `reload` is called (a member change heard on the socket).
import { referenceOf } from '@community/api-client';
import type { Space, SpaceMemberRole } from '@community/domain';
import { useCallback, useEffect, useState } from 'react';
import { statusOf } from '../../../lib/error-message.ts';
import { useSpacesChanged } from '../../../lib/spaces-events.ts';
import { getSpace } from './spaces-api.ts';

export type SpaceState =
  | { status: 'loading' }
  | {
      status: 'error';
      httpStatus: number | null;
      message: string;
      /** It had loaded before: access was lost while the page was open (kicked, or the space deleted). */
      lost: boolean;
      /** The failed request's id (`referenceOf`), for the error's "Reference". */
      reference: string | null;
    }
  | { status: 'ready'; space: Space; role: SpaceMemberRole | null };

export function useSpace(id: string): SpaceState & { reload: () => void } {
  const [state, setState] = useState<SpaceState>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  useSpacesChanged((change) => {
    if (!change.spaceId || change.spaceId === id) reload();
  });

  useEffect(() => {
    void version;
    const controller = new AbortController();
    getSpace(id, controller.signal).then(
      ({ space, role }) => setState({ status: 'ready', space, role }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[spaces] space', error);
        // A reload that fails keeps showing what we had, unless access itself is gone.
        const httpStatus = statusOf(error);
        setState((current) =>
          current.status === 'ready' && httpStatus !== 403 && httpStatus !== 404
            ? current
            : {
                status: 'error',
                httpStatus,
                message: error instanceof Error ? error.message : '',
                lost: current.status === 'ready',
                reference: referenceOf(error),
              },
        );
      },
    );
    return () => controller.abort();
  }, [id, version]);

  return { ...state, reload };
}

// Who may open whose profile panel (docs/features.md, `community`): one's own always; another
// member's only with the `community` switch on, which is what the API's GET /api/users/{id} checks.
// Every name or avatar that opens a profile asks here, so the rule lives in one place. The viewer is
// passed in (the session user): this package does not read the API client's session itself.
import { hasFeature } from '@community/domain';
import { openModal } from './modal-store.ts';

type Viewer = Parameters<typeof hasFeature>[0] & { id: string };

export const canOpenProfile = (viewer: Viewer | null | undefined, userId: string): boolean =>
  Boolean(viewer) && (viewer?.id === userId || hasFeature(viewer, 'community'));

/** Opens `userId`'s profile panel if the viewer may see it; says whether it did. */
export function openProfile(viewer: Viewer | null | undefined, userId: string): boolean {
  if (!canOpenProfile(viewer, userId)) return false;
  openModal('profile', { userId });
  return true;
}

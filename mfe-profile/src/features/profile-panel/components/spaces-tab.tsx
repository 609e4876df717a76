// Spaces: the spaces the member belongs to that the viewer may see (GET /api/users/{id}/spaces).
import { NO_SPACES_TO_SHOW, type Space } from '@community/domain';
import { EmptyState, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { getProfileSpaces } from '../api/profile-api.ts';
import { useLoaded } from '../api/use-loaded.ts';
import { PanelLink } from './panel-link.tsx';
import { ListSkeleton, LoadFailed } from './tab-states.tsx';

const TYPE_LABEL: Record<Space['type'], string> = { PUBLIC: 'Public', PRIVATE: 'Private', PAID: 'Paid' };

function SpaceRow({ space }: { space: Space }) {
  return (
    <PanelLink href={`/spaces/${encodeURIComponent(space.id)}`} className={css({ alignItems: 'center' })}>
      <span
        aria-hidden="true"
        className={css({ w: '3', h: '3', borderRadius: 'full', flexShrink: 0 })}
        style={{ background: space.color }}
      />
      <span className={css({ display: 'flex', flexDirection: 'column', minW: '0', flex: '1' })}>
        <span className={css({ fontWeight: 'semibold', textStyle: 'sm', truncate: true })}>{space.name}</span>
        <span className={css({ textStyle: 'xs', color: 'fg.muted' })}>
          {TYPE_LABEL[space.type]} · {space.membersCount} {space.membersCount === 1 ? 'member' : 'members'}
        </span>
      </span>
    </PanelLink>
  );
}

export function SpacesTab({ userId }: { userId: string }) {
  const spaces = useLoaded(userId, getProfileSpaces);
  if (spaces.status === 'loading') return <ListSkeleton label="Loading spaces" />;
  if (spaces.status === 'error')
    return <LoadFailed title="Unable to load spaces" reference={spaces.reference} onRetry={spaces.reload} />;
  if (spaces.data.items.length === 0) return <EmptyState icon={<icons.Users />} title={NO_SPACES_TO_SHOW} />;
  return (
    <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      {spaces.data.items.map((space) => (
        <li key={space.id}>
          <SpaceRow space={space} />
        </li>
      ))}
    </ul>
  );
}

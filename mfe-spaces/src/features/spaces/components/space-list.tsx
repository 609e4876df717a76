// The sidebar's list of the member's own spaces: colour dot, name and type badge, each linking to its
// space page; the current space is marked. "Browse spaces" leads to the Spaces page, where the others
// are (issue 30). Users with the `spaces` feature get "Create space" (the createServer modal); without
// it the list is not shown at all (docs/features.md: the sidebar's list goes with the switch).
import { Badge, Button, EmptyState, icons, openModal, Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import type { ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { canCreateSpaces, useCurrentUser } from '../../../lib/current-user.ts';
import { SidebarSection } from '../../../lib/sidebar-section.tsx';
import { useSpaces } from '../api/use-spaces.ts';
import { SPACE_TYPE_BADGE_CLASSES, SPACE_TYPE_LABELS } from '../lib/space-type.ts';

const SKELETON_ROWS = 5;

const rowClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '2',
  py: '1.5',
  borderRadius: 'l2',
  textStyle: 'sm',
  color: 'fg.default',
  _hover: { bg: 'bg.subtle' },
  '&[aria-current=page]': { bg: 'accent.subtle', color: 'accent.text', fontWeight: 'medium' },
});

/** The way to the spaces the member is not in. */
function BrowseSpaces({ current }: { current: boolean }) {
  return (
    <div className={css({ px: '2', pt: '0.5' })}>
      <Link href="/spaces" aria-current={current ? 'page' : undefined} className={rowClass}>
        <icons.LayoutGrid aria-hidden="true" className={css({ w: '3', h: '3', flexShrink: 0 })} />
        Browse spaces
      </Link>
    </div>
  );
}

function SpaceListSkeleton() {
  return (
    <ul
      aria-busy="true"
      aria-label="Loading spaces"
      className={css({ px: '3', display: 'flex', flexDirection: 'column', gap: '3' })}
    >
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <li key={index} className={css({ display: 'flex', alignItems: 'center', gap: '2', h: '6' })}>
          <Skeleton shape="circle" className={css({ w: '2.5', h: '2.5' })} />
          <Skeleton shape="text" className={css({ flex: '1' })} />
        </li>
      ))}
    </ul>
  );
}

export function SpaceList() {
  const spaces = useSpaces();
  const [, params] = useRoute<{ id: string }>('/spaces/:id');
  const [onSpacesPage] = useRoute('/spaces');
  const activeId = params?.id;
  const user = useCurrentUser();
  if (user && !canCreateSpaces(user)) return null;

  let body: ReactNode;
  if (spaces.status === 'loading') body = <SpaceListSkeleton />;
  else if (spaces.status === 'error') {
    body = (
      <EmptyState
        title="Unable to load spaces"
        reference={spaces.reference}
        action={
          <Button size="xs" variant="outline" onClick={spaces.reload}>
            Retry
          </Button>
        }
      />
    );
  } else {
    const mine = spaces.spaces.filter((space) => space.isMember);
    body = (
      <div className={css({ pb: '4' })}>
        {mine.length === 0 ? (
          <p className={css({ px: '4', py: '1.5', textStyle: 'sm', color: 'fg.muted' })}>
            You are not in any space yet.
          </p>
        ) : (
          <ul className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', px: '2' })}>
            {mine.map((space) => (
              <li key={space.id}>
                <Link
                  href={`/spaces/${space.id}`}
                  aria-current={space.id === activeId ? 'page' : undefined}
                  className={rowClass}
                >
                  <span
                    aria-hidden="true"
                    className={css({ w: '2.5', h: '2.5', borderRadius: 'full', flexShrink: 0 })}
                    style={{ backgroundColor: space.color }}
                  />
                  <span className={css({ flex: '1', truncate: true })}>{space.name}</span>
                  <Badge size="sm" className={SPACE_TYPE_BADGE_CLASSES[space.type]}>
                    {SPACE_TYPE_LABELS[space.type]}
                  </Badge>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <BrowseSpaces current={onSpacesPage} />
      </div>
    );
  }

  return (
    <SidebarSection
      id="space-list-heading"
      title="Spaces"
      action={user ? { label: 'Create space', onClick: () => openModal('createServer') } : null}
    >
      {body}
    </SidebarSection>
  );
}

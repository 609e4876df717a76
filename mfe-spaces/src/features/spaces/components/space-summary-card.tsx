import type { SpaceType } from '@community/domain';
import { Badge } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import type { ReactNode } from 'react';
import { SPACE_TYPE_BADGE_CLASSES, SPACE_TYPE_LABELS } from '../lib/space-type.ts';

export const membersLabel = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;

type Summary = {
  name: string;
  color: string;
  type: SpaceType;
  membersCount: number;
  description?: string | null;
};

/**
 * A space introduced to someone outside it, centred on the page: its colour, name (the page's
 * heading), type and members, and its description; `lead` goes above (who invited), `faces` beside
 * the count, `children` below (the action that fits). The invite page and the landing card share it.
 */
export function SpaceSummaryCard({
  headingId,
  space,
  lead,
  faces,
  children,
}: {
  headingId: string;
  space: Summary;
  lead?: ReactNode;
  faces?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={css({ display: 'grid', placeItems: 'center', px: '4', py: { base: '6', md: '16' } })}>
      <section
        aria-labelledby={headingId}
        className={css({
          w: 'full',
          maxW: '28rem',
          display: 'flex',
          flexDirection: 'column',
          gap: '4',
          p: '6',
          borderWidth: '1px',
          borderRadius: 'l3',
          bg: 'bg.default',
        })}
      >
        {lead}
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
          <span
            aria-hidden="true"
            className={css({ w: '10', h: '10', borderRadius: 'l2', flexShrink: 0 })}
            style={{ backgroundColor: space.color }}
          />
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' })}>
            <h1
              id={headingId}
              className={css({ textStyle: 'xl', fontWeight: 'semibold', overflowWrap: 'anywhere' })}
            >
              {space.name}
            </h1>
            <div
              className={css({
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: '2',
                textStyle: 'sm',
              })}
            >
              <Badge size="sm" className={SPACE_TYPE_BADGE_CLASSES[space.type]}>
                {SPACE_TYPE_LABELS[space.type]}
              </Badge>
              <span className={css({ color: 'fg.muted' })}>{membersLabel(space.membersCount)}</span>
              {faces}
            </div>
          </div>
        </div>
        {space.description ? (
          <p className={css({ textStyle: 'sm', whiteSpace: 'pre-line' })}>{space.description}</p>
        ) : null}
        {children}
      </section>
    </div>
  );
}

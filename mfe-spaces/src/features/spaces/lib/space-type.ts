import type { Space, SpaceType } from '@community/domain';
import { css } from '@community/ui/styled-system/css';

export const SPACE_TYPE_LABELS: Record<SpaceType, string> = {
  PUBLIC: 'Public',
  PRIVATE: 'Private',
  PAID: 'Paid',
};

// Badge colour per type (public reads as open, paid as premium). Written out so Panda can see the values.
export const SPACE_TYPE_BADGE_CLASSES: Record<SpaceType, string> = {
  PUBLIC: css({ colorPalette: 'success' }),
  PRIVATE: css({ colorPalette: 'neutral' }),
  PAID: css({ colorPalette: 'warning' }),
};

/**
 * Whether the member may read the space, as the server decides (docs/api.md): its members, or anyone
 * for a public space. A paid space is listed to everyone, but its rooms refuse a non-member's ticket.
 */
export const canReadSpace = (space: Pick<Space, 'type' | 'isMember'>): boolean =>
  space.isMember || space.type === 'PUBLIC';

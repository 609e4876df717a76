import { icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';

/** The Status column: a blocked or active icon, named for screen readers and on hover. */
export function UserStatus({ isBlocked }: { isBlocked: boolean }) {
  const label = isBlocked ? 'Blocked' : 'Active';
  const Icon = isBlocked ? icons.Ban : icons.CircleCheck;
  return (
    <span title={label} className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })}>
      <Icon
        role="img"
        aria-label={label}
        className={
          isBlocked
            ? css({ w: '4', h: '4', color: 'danger.default' })
            : css({ w: '4', h: '4', color: 'success.default' })
        }
      />
    </span>
  );
}

import { icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';

/**
 * A user's status: a blocked or active icon, named for screen readers and on hover (the table's
 * Status column); with `labelled`, the word beside it (a card, which has no column header).
 */
export function UserStatus({ isBlocked, labelled = false }: { isBlocked: boolean; labelled?: boolean }) {
  const label = isBlocked ? 'Blocked' : 'Active';
  const Icon = isBlocked ? icons.Ban : icons.CircleCheck;
  return (
    <span
      title={label}
      className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', textStyle: 'xs' })}
    >
      <Icon
        role={labelled ? undefined : 'img'}
        aria-label={labelled ? undefined : label}
        aria-hidden={labelled || undefined}
        className={
          isBlocked
            ? css({ w: '4', h: '4', color: 'danger.default' })
            : css({ w: '4', h: '4', color: 'success.default' })
        }
      />
      {labelled ? (
        <span className={isBlocked ? css({ color: 'danger.text' }) : css({ color: 'fg.muted' })}>
          {label}
        </span>
      ) : null}
    </span>
  );
}

// What marks a chat's history besides its messages (history-rows.ts): the day separator, the "New
// messages" line, and the "Jump to latest ↓" button over the list while the reader is scrolled up.
import { Button } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { NEW_MESSAGES } from '../lib/history-rows.ts';

export const JUMP_TO_LATEST = 'Jump to latest';

const lineClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '5',
  py: '2',
  textStyle: 'xs',
  fontWeight: 'semibold',
  _before: { content: '""', flex: '1', borderTopWidth: '1px' },
  _after: { content: '""', flex: '1', borderTopWidth: '1px' },
});

/** "Today", "Yesterday", "Monday, November 23": the day of the messages below it. */
export function DaySeparator({ label, day }: { label: string; day: string }) {
  return (
    <li
      data-day-separator=""
      className={cx(
        lineClass,
        css({ color: 'fg.muted', '&::before, &::after': { borderColor: 'border.default' } }),
      )}
    >
      <time dateTime={day}>{label}</time>
    </li>
  );
}

/** Above the first message that came since the member last read this chat. */
export function NewMessagesLine() {
  return (
    <li
      data-new-messages=""
      className={cx(
        lineClass,
        css({ color: 'danger.text', '&::before, &::after': { borderColor: 'danger.default' } }),
      )}
    >
      {NEW_MESSAGES}
    </li>
  );
}

/** Back to the newest message; says how many came while the reader was up in the history. */
export function JumpToLatest({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <div
      className={css({
        position: 'absolute',
        insetInline: '0',
        bottom: '3',
        display: 'flex',
        justifyContent: 'center',
        pointerEvents: 'none',
      })}
    >
      <Button
        size="sm"
        variant="solid"
        onClick={onClick}
        data-jump-to-latest=""
        className={css({ pointerEvents: 'auto', boxShadow: 'md', borderRadius: 'full' })}
      >
        {count > 0 ? (
          <span data-arrived-count="" className={css({ fontWeight: 'bold' })}>
            {count} new ·
          </span>
        ) : null}
        {JUMP_TO_LATEST}
        <span aria-hidden="true">↓</span>
      </Button>
    </div>
  );
}

// A chat message's time in the member's locale ("2:05 PM", "14:05"): the day is the separator's, so a
// line shows only the time; the full date and time are its tooltip. In a group's following messages the
// time sits in the avatar's column and shows on hover or keyboard focus (it is focusable for that); it
// is always in the accessibility tree, with the author's name, so a screen reader hears both per message.
import { css } from '@community/ui/styled-system/css';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });

export const messageTime = (iso: string) => timeFormat.format(new Date(iso));
export const messageDateTime = (iso: string) => fullFormat.format(new Date(iso));

export function MessageTime({ createdAt }: { createdAt: string }) {
  return (
    <time
      dateTime={createdAt}
      title={messageDateTime(createdAt)}
      className={css({ textStyle: 'xs', color: 'fg.muted' })}
    >
      {messageTime(createdAt)}
    </time>
  );
}

/** The avatar column of a group's following message: its time, shown on hover or focus. */
export function GutterTime({ authorName, createdAt }: { authorName: string; createdAt: string }) {
  return (
    // As wide as the avatar it stands in for; a longer time ("12:26 PM") reaches into the row's padding.
    <div className={css({ w: '8', flexShrink: 0, display: 'flex', justifyContent: 'flex-end' })}>
      <span className={css({ srOnly: true })}>{authorName}</span>
      <time
        dateTime={createdAt}
        title={messageDateTime(createdAt)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reach the time a mouse shows on hover
        tabIndex={0}
        data-gutter-time=""
        className={css({
          display: 'inline-block',
          fontSize: '11px',
          // The message text's line, so the time sits on its first line.
          lineHeight: '1.25rem',
          h: '5',
          color: 'fg.muted',
          whiteSpace: 'nowrap',
          opacity: 0,
          borderRadius: 'l1',
          _focusVisible: { opacity: 1, outline: '2px solid', outlineColor: 'accent.default' },
        })}
      >
        {messageTime(createdAt)}
      </time>
    </div>
  );
}

// What a reply shows of the message it answers: who wrote it and its first words (as they read now),
// or "Original message deleted". Clicking it jumps to the original, loading it if it is far back.
import type { MessageQuote } from '@community/domain';
import { css } from '@community/ui/styled-system/css';
import { fullName } from '../../../lib/format.ts';
import { Reply } from '../../../lib/icons.tsx';

export const ORIGINAL_DELETED = 'Original message deleted';

const quoteClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '1.5',
  maxW: 'full',
  minW: '0',
  mb: '0.5',
  ps: '2',
  borderInlineStartWidth: '2px',
  borderColor: 'border.emphasized',
  textStyle: 'xs',
  color: 'fg.muted',
  textAlign: 'start',
  cursor: 'pointer',
  '& svg': { w: '3', h: '3', flexShrink: 0 },
  _hover: { color: 'fg.default', borderColor: 'accent.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', borderRadius: 'l1' },
});

export function ReplyQuote({ quote, onJump }: { quote: MessageQuote; onJump?: (seq: number) => void }) {
  const name = fullName(quote.author);
  return (
    <button
      type="button"
      data-reply-quote=""
      className={quoteClass}
      onClick={() => onJump?.(quote.seq)}
      // Its name is what it shows (axe label-content-name-mismatch), with words for screen readers.
    >
      <Reply />
      <span className={css({ srOnly: true })}>Replying to </span>
      {quote.deleted ? (
        <span className={css({ fontStyle: 'italic' })}>{ORIGINAL_DELETED}</span>
      ) : (
        <>
          <span className={css({ fontWeight: 'semibold', flexShrink: 0 })}>{name}</span>
          <span className={css({ srOnly: true })}>: </span>
          <span className={css({ truncate: true })}>{quote.excerpt}</span>
        </>
      )}
    </button>
  );
}

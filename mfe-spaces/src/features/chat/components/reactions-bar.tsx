// A message's reactions: one chip per emoji (the emoji and its count; the member's own highlighted;
// a click adds or removes theirs), who reacted on hover, keyboard focus or a long press (touch), and
// an "Add reaction" button. QuickReactions is the row of six in a message's hover actions.
import type { ReactionSummary } from '@community/domain';
import { css } from '@community/ui/styled-system/css';
import { useEffect, useId, useRef, useState } from 'react';
import { reactorNames } from '../lib/reactions.ts';
import { QuickReactionButtons, ReactionPickerButton } from './reaction-picker.tsx';

/** A touch held this long shows who reacted instead of toggling. */
const LONG_PRESS_MS = 450;
const NAMES_SHOWN_AFTER_PRESS_MS = 2500;

const chipClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  h: '7',
  px: '2',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.subtle',
  textStyle: 'xs',
  fontWeight: 'medium',
  color: 'fg.muted',
  cursor: 'pointer',
  userSelect: 'none',
  WebkitTouchCallout: 'none',
  '&:not([aria-pressed=true]):hover': { borderColor: 'border.emphasized' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '1px' },
  // The member's own: highlighted, as Slack and Discord mark them.
  _pressed: { bg: 'accent.subtle', borderColor: 'accent.default', color: 'accent.text' },
});

const namesClass = css({
  display: 'none',
  position: 'absolute',
  bottom: 'calc(100% + 6px)',
  insetStart: '0',
  zIndex: 'popover',
  w: 'max-content',
  maxW: '64',
  px: '2',
  py: '1',
  borderRadius: 'l2',
  bg: 'fg.default',
  color: 'bg.default',
  textStyle: 'xs',
  boxShadow: 'md',
  pointerEvents: 'none',
  '[data-chip]:hover > &, [data-chip]:focus-within > &, [data-chip][data-show-names] > &': {
    display: 'block',
  },
});

type ChipProps = {
  summary: ReactionSummary;
  meId: string;
  onToggle: (emoji: string, add: boolean) => void;
};

function ReactionChip({ summary, meId, onToggle }: ChipProps) {
  const namesId = useId();
  const [showNames, setShowNames] = useState(false);
  const pressTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const longPressed = useRef(false);
  const mine = summary.mine === true;

  useEffect(() => {
    if (!showNames) return;
    const hide = setTimeout(() => setShowNames(false), NAMES_SHOWN_AFTER_PRESS_MS);
    return () => clearTimeout(hide);
  }, [showNames]);
  useEffect(() => () => void (pressTimer.current && clearTimeout(pressTimer.current)), []);

  const cancelPress = () => {
    if (pressTimer.current) clearTimeout(pressTimer.current);
    pressTimer.current = null;
  };

  return (
    <li data-chip="" data-show-names={showNames || undefined} className={css({ position: 'relative' })}>
      <button
        type="button"
        className={chipClass}
        data-reaction={summary.emoji}
        aria-pressed={mine}
        aria-label={`${summary.emoji} ${summary.count}`}
        aria-describedby={namesId}
        onPointerDown={(event) => {
          if (event.pointerType !== 'touch') return;
          longPressed.current = false;
          pressTimer.current = setTimeout(() => {
            longPressed.current = true;
            setShowNames(true);
          }, LONG_PRESS_MS);
        }}
        onPointerUp={cancelPress}
        onPointerLeave={cancelPress}
        onContextMenu={(event) => event.preventDefault()}
        onClick={() => {
          // A long press showed the names: it is not also a toggle.
          if (longPressed.current) {
            longPressed.current = false;
            return;
          }
          onToggle(summary.emoji, !mine);
        }}
      >
        <span aria-hidden="true" className={css({ fontSize: '15px', lineHeight: '1' })}>
          {summary.emoji}
        </span>
        <span aria-hidden="true" data-reaction-count="">
          {summary.count}
        </span>
      </button>
      <span id={namesId} role="tooltip" className={namesClass}>
        {`${reactorNames(summary, meId)} reacted with ${summary.emoji}`}
      </span>
    </li>
  );
}

export type ReactionsBarProps = {
  reactions: readonly ReactionSummary[];
  meId: string;
  onToggle: (emoji: string, add: boolean) => void;
};

/** Under a message with reactions: the chips and an "Add reaction" button; nothing without any. */
export function ReactionsBar({ reactions, meId, onToggle }: ReactionsBarProps) {
  if (reactions.length === 0) return null;
  const add = (emoji: string) => {
    const current = reactions.find((summary) => summary.emoji === emoji);
    if (!current?.mine) onToggle(emoji, true);
  };
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1', mt: '1.5' })}>
      <ul
        aria-label="Reactions"
        data-reactions=""
        className={css({ display: 'flex', flexWrap: 'wrap', gap: '1' })}
      >
        {reactions.map((summary) => (
          <ReactionChip key={summary.emoji} summary={summary} meId={meId} onToggle={onToggle} />
        ))}
      </ul>
      <ReactionPickerButton
        onPick={add}
        size="xs"
        className={css({ h: '7', w: '7', p: '0', borderRadius: 'full', color: 'fg.muted' })}
      />
    </div>
  );
}

/**
 * The quick reactions of a message's hover actions (hidden on touch screens, where the actions
 * stay visible: there the "Add reaction" picker starts with the same six).
 */
export function QuickReactions({ onReact }: { onReact: (emoji: string) => void }) {
  return (
    <div
      data-quick-reactions=""
      className={css({ display: 'flex', gap: '0.5', '@media (hover: none)': { display: 'none' } })}
    >
      <QuickReactionButtons onReact={onReact} />
    </div>
  );
}

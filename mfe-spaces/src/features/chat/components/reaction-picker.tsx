// "Add reaction": a button that opens the emoji picker (emoji-picker-react, ADR 20) next to it. The
// picker and its emoji data are a chunk of their own, downloaded when a member first opens it (or
// points at the button), so a chat costs nothing more until then. The panel floats over the page
// (a portal, fixed) so the message list's scrolling does not clip it; Esc or a click elsewhere
// closes it and gives focus back to the button.
import { Button, Spinner } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { lazy, Suspense, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { QUICK_REACTIONS } from '../lib/reactions.ts';

const loadPicker = () => import('emoji-picker-react');
const EmojiPicker = lazy(loadPicker);

const PANEL_WIDTH = 336;
const PANEL_HEIGHT = 420;
const MARGIN = 8;

/** Lucide's "smile-plus", drawn like the kit's icons. */
export function SmilePlus() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M22 11v1a10 10 0 1 1-9-10" />
      <path d="M8 14s1.5 2 4 2 4-2 4-2" />
      <line x1="9" x2="9.01" y1="9" y2="9" />
      <line x1="15" x2="15.01" y1="9" y2="9" />
      <path d="M16 5h6" />
      <path d="M19 2v6" />
    </svg>
  );
}

type Place = { top: number; left: number; width: number; height: number };

/** Below the button when it fits, else above; inside the viewport; full width on a phone. */
function placeNear(anchor: DOMRect): Place {
  const width = Math.min(PANEL_WIDTH, window.innerWidth - 2 * MARGIN);
  const height = Math.min(PANEL_HEIGHT + 48, window.innerHeight - 2 * MARGIN);
  const below = anchor.bottom + 4;
  const top =
    below + height <= window.innerHeight - MARGIN ? below : Math.max(MARGIN, anchor.top - 4 - height);
  const left = Math.min(Math.max(MARGIN, anchor.right - width), window.innerWidth - width - MARGIN);
  return { top, left, width, height };
}

const panelClass = css({
  position: 'fixed',
  zIndex: 'popover',
  display: 'flex',
  flexDirection: 'column',
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l3',
  boxShadow: 'lg',
  overflow: 'hidden',
});

const quickClass = css({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '1',
  px: '2',
  py: '1.5',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
});

export const emojiButtonClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '8',
  h: '8',
  borderRadius: 'l2',
  fontSize: '18px',
  lineHeight: '1',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '1px' },
});

export type ReactionPickerButtonProps = {
  onPick: (emoji: string) => void;
  /** Names the button (e.g. "Add reaction"). */
  label?: string;
  className?: string;
  size?: 'xs' | 'icon';
};

export function ReactionPickerButton({
  onPick,
  label = 'Add reaction',
  className,
  size = 'icon',
}: ReactionPickerButtonProps) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<Place | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  useLayoutEffect(() => {
    if (!open || !button.current) return;
    const update = () => button.current && setPlace(placeNear(button.current.getBoundingClientRect()));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close(true);
      }
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [open, close]);

  const pick = (emoji: string) => {
    onPick(emoji);
    close(true);
  };

  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="ghost"
        size={size}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        className={className}
        data-reaction-picker-trigger=""
        // Pointing at the button starts the download, so the picker is there by the click.
        onPointerEnter={() => void loadPicker()}
        onClick={() => setOpen((was) => !was)}
      >
        <SmilePlus />
      </Button>
      {open && place
        ? createPortal(
            <div
              ref={panel}
              role="dialog"
              aria-labelledby={titleId}
              data-reaction-picker=""
              className={panelClass}
              style={{ top: place.top, left: place.left, width: place.width, maxHeight: place.height }}
            >
              <h2 id={titleId} className={css({ srOnly: true })}>
                Choose a reaction
              </h2>
              <div className={quickClass}>
                <QuickReactionButtons onReact={pick} />
              </div>
              <Suspense
                fallback={
                  <div className={css({ display: 'grid', placeItems: 'center', h: '40' })}>
                    <Spinner size="sm" label="Loading emoji" />
                  </div>
                }
              >
                <EmojiPicker
                  width="100%"
                  height={Math.min(PANEL_HEIGHT, place.height - 48)}
                  onEmojiClick={(data) => pick(data.emoji)}
                  previewConfig={{ showPreview: false }}
                  searchPlaceholder="Search emoji"
                  lazyLoadEmojis
                  style={{ border: 'none', borderRadius: 0 }}
                />
              </Suspense>
            </div>,
            document.body,
          )
        : null}
    </>
  );
}

/** The six quick reactions as buttons: in a message's hover actions and atop the picker. */
export function QuickReactionButtons({ onReact }: { onReact: (emoji: string) => void }) {
  return QUICK_REACTIONS.map((emoji) => (
    <button
      key={emoji}
      type="button"
      className={emojiButtonClass}
      aria-label={`React with ${emoji}`}
      onClick={() => onReact(emoji)}
    >
      {emoji}
    </button>
  ));
}

// "Skip to content": the first focusable element of every signed-in page, visible only when focused.
// It moves focus to <main> itself (tabIndex -1) rather than following a `#main` hash, so the address
// bar and the history stay as they are.
import { css } from '@community/ui/styled-system/css';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(MAIN_CONTENT_ID);
        main?.focus();
        main?.scrollIntoView?.({ block: 'start' });
      }}
      className={css({
        position: 'fixed',
        top: '2',
        left: '2',
        zIndex: 'skipLink',
        px: '4',
        py: '2',
        borderRadius: 'l2',
        bg: 'bg.default',
        color: 'fg.default',
        fontWeight: 'semibold',
        boxShadow: 'lg',
        transform: 'translateY(-200%)',
        _focus: { transform: 'none', outline: '2px solid', outlineColor: 'accent.default' },
      })}
    >
      Skip to content
    </a>
  );
}

// The top of the community wall on Home: "Share something with the community…". It is a prompt, not
// a second editor: a click opens the space composer itself (newPost, the same form, outbox and
// toasts as in a space) with a "Post in" picker of the spaces the member may post in. Home's first
// load stays light (ADR 17): the form and Lexical are fetched when the prompt is hovered or focused,
// so they are usually there by the time it is clicked.
import type { User } from '@community/domain';
import { Avatar, openModal } from '@community/ui';
import { css } from '@community/ui/styled-system/css';

export const HOME_COMPOSER_PROMPT = 'Share something with the community…';

let prefetched = false;

/** Starts downloading the post form and the editor, once. */
function prefetchComposer() {
  if (prefetched) return;
  prefetched = true;
  void import('./editor/index.ts').catch(() => {
    prefetched = false; // a failed prefetch is retried by the next hover; opening loads it anyway
  });
  void import('./editor/lazy-editor.tsx')
    .then((module) => module.loadRichTextEditor())
    .catch(() => undefined);
}

export function HomeComposer({ me }: { me: Pick<User, 'firstName' | 'lastName' | 'imageUrl'> }) {
  return (
    <section
      aria-label="Write a post"
      className={css({
        display: 'flex',
        alignItems: 'center',
        gap: '3',
        p: '3',
        maxW: '3xl',
        w: 'full',
        // A grid item may be narrower than its prompt's one line (390 px): the prompt ellipsises.
        minW: '0',
        mx: 'auto',
        bg: 'bg.default',
        borderWidth: '1px',
        borderRadius: 'l3',
      })}
    >
      <Avatar name={`${me.firstName} ${me.lastName}`} src={me.imageUrl} size="sm" />
      <button
        type="button"
        onPointerEnter={prefetchComposer}
        onFocus={prefetchComposer}
        onClick={() => openModal('newPost', { chooseSpace: true })}
        className={css({
          flex: '1',
          minW: '0',
          h: '10',
          px: '4',
          textAlign: 'start',
          textStyle: 'sm',
          color: 'fg.muted',
          bg: 'bg.subtle',
          borderWidth: '1px',
          borderColor: 'border.default',
          borderRadius: 'full',
          cursor: 'text',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          _hover: { borderColor: 'border.emphasized', color: 'fg.default' },
          _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
        })}
      >
        {HOME_COMPOSER_PROMPT}
      </button>
    </section>
  );
}

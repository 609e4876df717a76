// The preview of a chat message's first http(s) link: the posts' link card (AttachmentCard, type "a"),
// so chat reads the page the way walls do — on demand, once the card nears the screen, through
// `GET /api/link-preview` (the server's guarded fetch, ADR 19), cached per URL for the page; nothing is
// stored with the message. A small control hides it; that choice is kept per message for the session.
import { Button } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useId, useState } from 'react';
import { AttachmentCard } from '../../posts/components/attachments/index.ts';

const LINK = /\bhttps?:\/\/[^\s<>"']+/i;
/** Punctuation that ends a sentence rather than the link ("see https://example.org."). */
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** The first http(s) link in a message's text, or null. */
export function firstLink(content: string): string | null {
  const found = LINK.exec(content)?.[0]?.replace(TRAILING, '');
  if (!found) return null;
  try {
    const url = new URL(found);
    return url.protocol === 'http:' || url.protocol === 'https:' ? found : null;
  } catch {
    return null;
  }
}

const STORAGE_KEY = 'chat:hidden-link-previews';
/** Enough for a long session; the oldest choices go first. */
const MAX_REMEMBERED = 500;

function hiddenPreviews(): string[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function rememberHidden(messageId: string, hidden: boolean) {
  const others = hiddenPreviews().filter((id) => id !== messageId);
  const next = hidden ? [...others, messageId].slice(-MAX_REMEMBERED) : others;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or off: the choice lasts as long as the page.
  }
}

export function ChatLinkPreview({ messageId, content }: { messageId: string; content: string }) {
  const url = firstLink(content);
  const [hidden, setHidden] = useState(() => hiddenPreviews().includes(messageId));
  const cardId = useId();
  if (!url) return null;
  const toggle = () => {
    rememberHidden(messageId, !hidden);
    setHidden(!hidden);
  };
  return (
    <div
      data-link-preview=""
      className={css({ mt: '1', display: 'flex', flexDirection: 'column', gap: '1' })}
    >
      <Button
        variant="ghost"
        size="xs"
        aria-expanded={!hidden}
        aria-controls={hidden ? undefined : cardId}
        onClick={toggle}
        className={css({ alignSelf: 'flex-start', color: 'fg.muted', px: '1', h: '6' })}
      >
        {hidden ? 'Show link preview' : 'Hide link preview'}
      </Button>
      {hidden ? null : (
        <div id={cardId}>
          <AttachmentCard attachment={{ name: url, url, type: 'a' }} />
        </div>
      )}
    </div>
  );
}

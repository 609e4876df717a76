// The serverSearch dialog: searches the space's messages 500 ms after the last keystroke; picking a
// result opens `/spaces/{id}?searchCursor={seq}`, where the page jumps to the message and marks it.
import { referenceOf } from '@community/api-client';
import {
  MESSAGE_SEARCH_FAILED,
  MESSAGE_SEARCH_FAILED_DESCRIPTION,
  NO_MESSAGES_FOUND,
  SEARCH_DEBOUNCE_MS,
} from '@community/domain';
import {
  Avatar,
  closeModal,
  EmptyState,
  Input,
  icons,
  Spinner,
  toast,
  useDebouncedValue,
} from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { formatMessageTime, fullName } from '../../../lib/format.ts';
import { ModalFrame } from '../../../lib/modal-frame.tsx';
import { type SearchHit, searchMessages } from '../api/search-messages.ts';

type Results =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; reference: string | null }
  | { status: 'ready'; hits: SearchHit[] };

/** The message text around the first searched word, so a hit in a long message shows why it matched. */
export function snippetOf(content: string, term: string, radius = 60): string {
  if (content.length <= radius * 2) return content;
  const word = term.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  const index = word ? content.toLowerCase().indexOf(word) : -1;
  const start = index < 0 ? 0 : Math.max(0, index - radius);
  const end = Math.min(content.length, start + radius * 2 + word.length);
  return `${start > 0 ? '…' : ''}${content.slice(start, end)}${end < content.length ? '…' : ''}`;
}

export function ServerSearchDialog({ spaceId }: { spaceId: string }) {
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const term = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const [results, setResults] = useState<Results>({ status: 'idle' });

  useEffect(() => {
    if (!term) {
      setResults({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setResults({ status: 'loading' });
    searchMessages(spaceId, term, controller.signal).then(
      ({ items }) => setResults({ status: 'ready', hits: items }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[search]', error);
        const reference = referenceOf(error);
        toast.error(MESSAGE_SEARCH_FAILED, MESSAGE_SEARCH_FAILED_DESCRIPTION, { reference });
        setResults({ status: 'error', reference });
      },
    );
    return () => controller.abort();
  }, [spaceId, term]);

  function open(hit: SearchHit) {
    closeModal();
    navigate(`/spaces/${spaceId}?searchCursor=${hit.searchCursor ?? hit.seq}`);
  }

  let body: ReactNode = null;
  if (results.status === 'loading') {
    body = (
      <div className={css({ display: 'flex', justifyContent: 'center', py: '6' })}>
        <Spinner label="Searching" />
      </div>
    );
  } else if (results.status === 'error') {
    body = (
      <EmptyState
        icon={<icons.AlertTriangle />}
        title={MESSAGE_SEARCH_FAILED}
        reference={results.reference}
      />
    );
  } else if (results.status === 'ready' && results.hits.length === 0) {
    body = <EmptyState icon={<icons.Search />} title={NO_MESSAGES_FOUND} />;
  } else if (results.status === 'ready') {
    body = (
      <ul aria-label="Search results" className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        {results.hits.map((hit) => {
          const name = fullName(hit.author);
          return (
            <li key={hit.id}>
              <button
                type="button"
                onClick={() => open(hit)}
                className={css({
                  display: 'flex',
                  gap: '3',
                  w: 'full',
                  textAlign: 'start',
                  px: '3',
                  py: '2',
                  borderRadius: 'l2',
                  cursor: 'pointer',
                  _hover: { bg: 'bg.subtle' },
                  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default' },
                })}
              >
                <Avatar name={name} src={hit.author.imageUrl} size="sm" />
                <span className={css({ flex: '1', minW: '0' })}>
                  <span className={css({ display: 'flex', gap: '2', alignItems: 'baseline' })}>
                    <span className={css({ textStyle: 'sm', fontWeight: 'semibold' })}>{name}</span>
                    <time dateTime={hit.createdAt} className={css({ textStyle: 'xs', color: 'fg.subtle' })}>
                      {formatMessageTime(hit.createdAt)}
                    </time>
                  </span>
                  <span
                    className={css({
                      display: 'block',
                      textStyle: 'sm',
                      color: 'fg.muted',
                      wordBreak: 'break-word',
                    })}
                  >
                    {snippetOf(hit.content, term)}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <ModalFrame title="Search messages">
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <Input
          type="search"
          aria-label="Search messages"
          placeholder="Search this space"
          value={query}
          autoFocus
          onChange={(event) => setQuery(event.target.value)}
        />
        <div className={css({ maxH: '96', overflowY: 'auto' })}>{body}</div>
      </div>
    </ModalFrame>
  );
}

// The createConversation dialog: search members by name (the conversation user search, 500 ms after
// the last keystroke), "No users found" when nobody matches; choosing one opens the conversation with
// them (`/community/conversations/{userId}`). Keyboard complete: the search field is a combobox, the
// arrows move through the results, Enter opens the one marked, Escape closes.
import { referenceOf } from '@community/api-client';
import {
  type ConversationPartner,
  MEMBER_LIST_MAX_HEIGHT_PX,
  NO_USERS_FOUND,
  SEARCH_DEBOUNCE_MS,
} from '@community/domain';
import { Avatar, closeModal, EmptyState, Input, icons, Spinner, useDebouncedValue } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { serverMessage } from '../../../lib/error-message.ts';
import { fullName } from '../../../lib/format.ts';
import { ModalFrame } from '../../../lib/modal-frame.tsx';
import { searchConversationUsers } from '../api/conversations-api.ts';

type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string; reference: string | null }
  | { status: 'ready'; users: ConversationPartner[] };

const optionClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  cursor: 'pointer',
  textStyle: 'sm',
  _hover: { bg: 'bg.subtle' },
  '&[aria-selected=true]': { bg: 'accent.subtle', color: 'accent.text' },
});

export function CreateConversationDialog() {
  const [, navigate] = useLocation();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [results, setResults] = useState<SearchState>({ status: 'idle' });
  const [active, setActive] = useState(0);
  const listId = useId();
  const searchInput = useRef<HTMLInputElement>(null);
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (!term) {
      setResults({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setResults({ status: 'loading' });
    searchConversationUsers(term, controller.signal).then(
      ({ items }) => {
        setResults({ status: 'ready', users: items });
        setActive(0);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[messages] user search', error);
        setResults({ status: 'error', message: serverMessage(error), reference: referenceOf(error) });
      },
    );
    return () => controller.abort();
  }, [term]);

  const users = results.status === 'ready' ? results.users : [];

  function choose(user: ConversationPartner) {
    closeModal();
    navigate(`/community/conversations/${encodeURIComponent(user.id)}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (users.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (index + 1) % users.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index - 1 + users.length) % users.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const user = users[active];
      if (user) choose(user);
    }
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
        title="Unable to search members"
        description={results.message}
        reference={results.reference}
      />
    );
  } else if (results.status === 'ready' && users.length === 0) {
    body = <EmptyState icon={<icons.Users />} title={NO_USERS_FOUND} />;
  } else if (results.status === 'idle') {
    body = (
      <p className={css({ textStyle: 'sm', color: 'fg.muted', textAlign: 'center', py: '4' })}>
        Type a name to find a member.
      </p>
    );
  }

  return (
    <ModalFrame
      title="New message"
      description="Choose a member to write to."
      initialFocusEl={() => searchInput.current}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <Input
          ref={searchInput}
          type="search"
          role="combobox"
          aria-label="Search members by name"
          placeholder="Search members by name"
          aria-expanded={users.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={users.length > 0 ? optionId(active) : undefined}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div
          id={listId}
          role="listbox"
          aria-label="Members"
          hidden={users.length === 0}
          className={css({ display: 'flex', flexDirection: 'column', overflowY: 'auto' })}
          style={{ maxHeight: MEMBER_LIST_MAX_HEIGHT_PX }}
        >
          {users.map((user, index) => {
            const name = fullName(user);
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (arrows, Enter) through aria-activedescendant
              <div
                key={user.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                tabIndex={-1}
                className={optionClass}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(user)}
              >
                <Avatar name={name} src={user.imageUrl} size="sm" />
                <span className={css({ flex: '1', truncate: true })}>{name}</span>
                {user.pseudo ? (
                  <span className={css({ textStyle: 'xs', color: 'fg.muted', truncate: true })}>
                    @{user.pseudo}
                  </span>
                ) : null}
              </div>
            );
          })}
        </div>
        {body}
      </div>
    </ModalFrame>
  );
}

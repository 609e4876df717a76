// The addMembers dialog (space admin): search the community members not yet in the space (500 ms
// after the last keystroke), add them one by one as guests. A failure says so with the spec's toast.
import { referenceOf } from '@community/api-client';
import {
  MEMBER_ADD_FAILED,
  MEMBER_ADD_FAILED_TITLE,
  MEMBER_LIST_MAX_HEIGHT_PX,
  SEARCH_DEBOUNCE_MS,
} from '@community/domain';
import {
  Avatar,
  Button,
  EmptyState,
  Input,
  icons,
  openModal,
  Spinner,
  toast,
  useDebouncedValue,
} from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type ReactNode, useEffect, useState } from 'react';
import { fullName } from '../../../lib/format.ts';
import { Check, Plus } from '../../../lib/icons.tsx';
import { ModalFrame } from '../../../lib/modal-frame.tsx';
import { notifySpacesChanged } from '../../../lib/spaces-events.ts';
import { type AddableUser, addMember, listAddableUsers } from '../api/members-api.ts';

type SearchState =
  | { status: 'loading' }
  | { status: 'error'; reference: string | null }
  | { status: 'ready'; users: AddableUser[] };

export function AddMembersDialog({ spaceId }: { spaceId: string }) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [results, setResults] = useState<SearchState>({ status: 'loading' });
  const [added, setAdded] = useState<Set<string>>(() => new Set());
  const [adding, setAdding] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setResults({ status: 'loading' });
    listAddableUsers(spaceId, term, controller.signal).then(
      ({ items }) => setResults({ status: 'ready', users: items }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[members] addable users', error);
        setResults({ status: 'error', reference: referenceOf(error) });
      },
    );
    return () => controller.abort();
  }, [spaceId, term]);

  async function add(user: AddableUser) {
    setAdding(user.id);
    try {
      await addMember(spaceId, user.id);
      setAdded((current) => new Set(current).add(user.id));
      notifySpacesChanged({ spaceId });
    } catch (error) {
      console.error('[members] add', error);
      toast.error(MEMBER_ADD_FAILED_TITLE, MEMBER_ADD_FAILED, { reference: referenceOf(error) });
    } finally {
      setAdding(null);
    }
  }

  let body: ReactNode;
  if (results.status === 'loading') {
    body = (
      <div className={css({ display: 'flex', justifyContent: 'center', py: '6' })}>
        <Spinner label="Searching" />
      </div>
    );
  } else if (results.status === 'error') {
    body = (
      <EmptyState icon={<icons.AlertTriangle />} title="Unable to load users" reference={results.reference} />
    );
  } else if (results.users.length === 0) {
    body = <EmptyState icon={<icons.Users />} title="No users found" />;
  } else {
    body = (
      <ul aria-label="Users to add" className={css({ display: 'flex', flexDirection: 'column' })}>
        {results.users.map((user) => {
          const name = fullName(user);
          const done = added.has(user.id);
          return (
            <li
              key={user.id}
              aria-label={name}
              className={css({
                display: 'flex',
                alignItems: 'center',
                gap: '3',
                py: '2',
                borderBottomWidth: '1px',
                _last: { borderBottomWidth: '0' },
              })}
            >
              <Avatar name={name} src={user.imageUrl} size="sm" />
              <div className={css({ flex: '1', minW: '0' })}>
                <p className={css({ textStyle: 'sm', fontWeight: 'medium', truncate: true })}>{name}</p>
                <p className={css({ textStyle: 'xs', color: 'fg.muted', truncate: true })}>@{user.pseudo}</p>
              </div>
              <Button
                size="xs"
                variant={done ? 'ghost' : 'outline'}
                disabled={done}
                loading={adding === user.id}
                aria-label={done ? `${name} added` : `Add ${name}`}
                onClick={() => void add(user)}
              >
                {done ? <Check /> : <Plus />}
                {done ? 'Added' : 'Add'}
              </Button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <ModalFrame title="Add members" description="People of the community who are not in this space yet.">
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <Input
          type="search"
          aria-label="Search people"
          placeholder="Search by name or pseudo"
          value={search}
          autoFocus
          onChange={(event) => setSearch(event.target.value)}
        />
        <div className={css({ overflowY: 'auto' })} style={{ maxHeight: MEMBER_LIST_MAX_HEIGHT_PX }}>
          {body}
        </div>
        <div className={css({ display: 'flex', justifyContent: 'flex-start' })}>
          <Button variant="ghost" size="sm" onClick={() => openModal('members', { spaceId })}>
            <icons.ArrowLeft />
            Back to members
          </Button>
        </div>
      </div>
    </ModalFrame>
  );
}

// The event form's host picker (spec section 2, "Host list"): a combobox over the community members,
// searched 300 ms after typing stops, with "Loading users...", "Error: {message}" and Retry, and
// "No users found".
import { usePresence } from '@community/api-client';
import { Avatar, Button } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { input } from '@community/ui/styled-system/recipes';
import { type FocusEvent, type KeyboardEvent, useRef, useState } from 'react';
import { type CommunityMember, useHostSearch } from '../api/search-community-members.ts';
import { LOADING_USERS, NO_USERS_FOUND, usersError } from '../lib/event-texts.ts';

export type HostPickerProps = {
  id: string;
  hostId: string;
  hostName: string;
  onChange: (host: { hostId: string; hostName: string }) => void;
  error?: string | undefined;
};

const fullName = (member: CommunityMember) => `${member.firstName} ${member.lastName}`;
/** The member's picture with their live online dot. */
function MemberAvatar({ member }: { member: CommunityMember }) {
  const { online } = usePresence(member.id, member.lastOfflineAt);
  return <Avatar name={fullName(member)} src={member.imageUrl} size="xs" online={online} />;
}

const statusText = css({ px: '3', py: '2', textStyle: 'sm', color: 'fg.muted' });

export function HostPicker({ id, hostId, hostName, onChange, error }: HostPickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const container = useRef<HTMLDivElement>(null);
  const search = useHostSearch(query, open);
  const members = search.status === 'ready' ? search.members : [];
  const listId = `${id}-listbox`;
  const errorId = `${id}-error`;

  const choose = (member: CommunityMember) => {
    onChange({ hostId: member.id, hostName: fullName(member) });
    setOpen(false);
  };
  const openList = () => {
    if (open) return;
    setQuery('');
    setActive(0);
    setOpen(true);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openList();
      setActive((index) => Math.min(index + 1, Math.max(members.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const member = members[active];
      if (member) choose(member);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };
  // The list stays open while focus moves within the picker (to Retry, say).
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!container.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  const activeMember = open ? members[active] : undefined;

  return (
    <div
      ref={container}
      className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', position: 'relative' })}
    >
      <label htmlFor={id} className={css({ textStyle: 'label' })}>
        Host
      </label>
      <input
        id={id}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeMember ? `${id}-option-${activeMember.id}` : undefined}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={error ? errorId : undefined}
        placeholder="Search members by name"
        className={input()}
        value={open ? query : hostName}
        onFocus={openList}
        onClick={openList}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      />
      {open ? (
        <div
          className={css({
            position: 'absolute',
            top: '100%',
            insetX: '0',
            mt: '1',
            zIndex: 'dropdown',
            bg: 'bg.default',
            borderWidth: '1px',
            borderRadius: 'l2',
            boxShadow: 'overlay',
            maxH: '64',
            overflowY: 'auto',
          })}
        >
          {search.status === 'error' ? (
            <div
              className={cx(
                statusText,
                css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' }),
              )}
            >
              <span role="alert" className={css({ color: 'danger.text' })}>
                {usersError(search.message)}
              </span>
              <Button size="xs" variant="outline" onClick={search.retry} onBlur={onBlur}>
                Retry
              </Button>
            </div>
          ) : search.status !== 'ready' ? (
            <p role="status" className={statusText}>
              {LOADING_USERS}
            </p>
          ) : members.length === 0 ? (
            <p role="status" className={statusText}>
              {NO_USERS_FOUND}
            </p>
          ) : null}
          <div id={listId} role="listbox" aria-label="Members">
            {members.map((member, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (arrows, Enter) through aria-activedescendant
              <div
                key={member.id}
                id={`${id}-option-${member.id}`}
                role="option"
                aria-selected={member.id === hostId}
                tabIndex={-1}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(member)}
                onMouseEnter={() => setActive(index)}
                className={cx(
                  css({
                    display: 'flex',
                    alignItems: 'center',
                    gap: '2',
                    px: '3',
                    py: '2',
                    cursor: 'pointer',
                    textStyle: 'sm',
                  }),
                  index === active ? css({ bg: 'bg.subtle' }) : undefined,
                )}
              >
                <MemberAvatar member={member} />
                <span className={css({ fontWeight: 'medium' })}>{fullName(member)}</span>
                <span className={css({ color: 'fg.muted' })}>@{member.pseudo}</span>
              </div>
            ))}
          </div>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className={css({ textStyle: 'xs', color: 'danger.text', fontWeight: 'medium' })}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

// The Members page (/members): the community's members, searched (300 ms after the last keystroke)
// and sorted by name or recent activity, both kept in the address; the Leaderboard and Most active
// widgets sit beside the list on wide screens and below it on narrow ones. Needs the `community`
// feature, as the API does.
import { session } from '@community/api-client';
import { hasFeature, type MemberSort } from '@community/domain';
import { EmptyState, Field, icons, useDebouncedValue } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { page } from '@community/ui/styled-system/recipes';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useSearchParams } from 'wouter';
import {
  MEMBER_SEARCH_DEBOUNCE_MS,
  SEARCH_PARAM,
  SORT_LABELS,
  SORT_PARAM,
  searchFrom,
  sortFrom,
  withSearch,
  withSort,
} from '../lib/directory-params.ts';
import { LeaderboardWidget, MostActiveWidget } from './activity-widgets.tsx';
import { MemberList } from './member-list.tsx';

export const DIRECTORY_UNAVAILABLE = 'The members directory is not available to you'; // ours

const hasCommunity = (user: Parameters<typeof hasFeature>[0]): boolean => hasFeature(user, 'community');

const toggleGroup = css({
  display: 'inline-flex',
  borderWidth: '1px',
  borderRadius: 'l2',
  overflow: 'hidden',
  bg: 'bg.default',
});
const toggleItem = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '3',
  h: '10',
  textStyle: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '-2px' },
});
const toggleItemOn = css({ bg: 'accent.subtle', color: 'accent.text!' });

function SortSwitch({ value, onChange }: { value: MemberSort; onChange: (sort: MemberSort) => void }) {
  return (
    <fieldset className={toggleGroup}>
      <legend className={css({ srOnly: true })}>Sort by</legend>
      {(['name', 'recent'] as const).map((sort) => (
        <button
          key={sort}
          type="button"
          aria-pressed={value === sort}
          onClick={() => onChange(sort)}
          className={cx(toggleItem, value === sort ? toggleItemOn : undefined)}
        >
          {SORT_LABELS[sort]}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * The search box's text, written to the address once typing pauses (replacing the entry: one
 * history step per word would make Back tedious), and reset from the address when it changes
 * underneath (Back, Forward, a link).
 */
function useSearchText(addressSearch: string, write: (search: string) => void) {
  const [text, setText] = useState(addressSearch);
  const debounced = useDebouncedValue(text.trim(), MEMBER_SEARCH_DEBOUNCE_MS);
  const written = useRef(addressSearch);
  const lastDebounced = useRef(debounced);

  useEffect(() => {
    if (addressSearch === written.current) return;
    written.current = addressSearch;
    setText(addressSearch);
  }, [addressSearch]);

  useEffect(() => {
    // Only a new pause in typing writes; the address changing on its own must not be overwritten.
    if (debounced === lastDebounced.current) return;
    lastDebounced.current = debounced;
    if (debounced === written.current) return;
    written.current = debounced;
    write(debounced);
  }, [debounced, write]);

  return [text, setText] as const;
}

function Directory() {
  const [params, setParams] = useSearchParams();
  const search = searchFrom(params.get(SEARCH_PARAM));
  const sort = sortFrom(params.get(SORT_PARAM));
  const [text, setText] = useSearchText(search, (value) =>
    setParams((current) => withSearch(current, value), { replace: true }),
  );

  return (
    <div
      className={css({
        display: 'grid',
        gap: '6',
        alignItems: 'start',
        gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 20rem' },
      })}
    >
      <section
        aria-label="Member list"
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      >
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3' })}>
          <Field.Root className={css({ flex: '1', minW: '60' })}>
            <Field.Label>Search members</Field.Label>
            <Field.Input
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="Name or pseudo"
              autoComplete="off"
            />
          </Field.Root>
          {/* Each sort is its own history entry, so Back returns to the previous order. */}
          <SortSwitch value={sort} onChange={(next) => setParams((current) => withSort(current, next))} />
        </div>
        <MemberList filter={{ search, sort }} />
      </section>
      <aside aria-label="Activity" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <LeaderboardWidget />
        <MostActiveWidget />
      </aside>
    </div>
  );
}

export function MembersPage() {
  const { user } = useSnapshot(session);

  const styles = page({ width: 'widest' });
  return (
    <div className={styles.root}>
      <h1 className={styles.title}>Members</h1>
      {hasCommunity(user) ? (
        <Directory />
      ) : (
        <EmptyState icon={<icons.Users />} title={DIRECTORY_UNAVAILABLE} />
      )}
    </div>
  );
}

// The Events page (/events). `?view=calendar` shows the month grid; any other value shows the
// Upcoming and Past tabs (Upcoming first), as list rows or cards. Members who create events also get
// their drafts. Without the `events` feature the page says so instead (docs/features.md).
import { session } from '@community/api-client';
import { Tabs } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { page } from '@community/ui/styled-system/recipes';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useSearchParams } from 'wouter';
import type { EventListKind } from '../api/get-events.ts';
import { canCreateEvents } from '../lib/event-permissions.ts';
import { EventCalendar } from './event-calendar.tsx';
import { EventList, type EventListVariant } from './event-list.tsx';
import { EventsActions } from './events-actions.tsx';
import { EventsOff } from './events-off.tsx';

const toggleGroup = css({
  display: 'inline-flex',
  alignSelf: 'flex-start',
  borderWidth: '1px',
  borderRadius: 'l2',
  overflow: 'hidden',
  bg: 'bg.default',
});
const toggleItem = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '3',
  h: '8',
  textStyle: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { color: 'fg.default' },
});
const toggleItemOn = css({ bg: 'accent.subtle', color: 'accent.text!' });

function ViewSwitch({ calendar }: { calendar: boolean }) {
  return (
    <nav aria-label="Events view" className={toggleGroup}>
      <Link
        href="/events"
        aria-current={calendar ? undefined : 'page'}
        className={cx(toggleItem, calendar ? undefined : toggleItemOn)}
      >
        List view
      </Link>
      <Link
        href="/events?view=calendar"
        aria-current={calendar ? 'page' : undefined}
        className={cx(toggleItem, calendar ? toggleItemOn : undefined)}
      >
        Calendar view
      </Link>
    </nav>
  );
}

function VariantSwitch({
  value,
  onChange,
}: {
  value: EventListVariant;
  onChange: (value: EventListVariant) => void;
}) {
  return (
    <fieldset className={toggleGroup}>
      <legend className={css({ srOnly: true })}>Layout</legend>
      {(['list', 'cards'] as const).map((variant) => (
        <button
          key={variant}
          type="button"
          aria-pressed={value === variant}
          onClick={() => onChange(variant)}
          className={cx(toggleItem, value === variant ? toggleItemOn : undefined)}
        >
          {variant === 'list' ? 'List' : 'Cards'}
        </button>
      ))}
    </fieldset>
  );
}

function EventTabs() {
  const [when, setWhen] = useState<EventListKind>('upcoming');
  const [variant, setVariant] = useState<EventListVariant>('list');
  const { user } = useSnapshot(session);
  const drafts = canCreateEvents(user);
  const kinds: EventListKind[] = drafts ? ['upcoming', 'past', 'drafts'] : ['upcoming', 'past'];

  return (
    <Tabs.Root
      value={when}
      onValueChange={(details) => setWhen(kinds.find((kind) => kind === details.value) ?? 'upcoming')}
      lazyMount
      unmountOnExit
    >
      <div
        className={css({
          display: 'flex',
          alignItems: 'flex-end',
          gap: '3',
          justifyContent: 'space-between',
        })}
      >
        <Tabs.List className={css({ flex: '1' })}>
          <Tabs.Trigger value="upcoming">Upcoming</Tabs.Trigger>
          <Tabs.Trigger value="past">Past</Tabs.Trigger>
          {drafts ? <Tabs.Trigger value="drafts">My drafts</Tabs.Trigger> : null}
        </Tabs.List>
        <div className={css({ pb: '1' })}>
          <VariantSwitch value={variant} onChange={setVariant} />
        </div>
      </div>
      {kinds.map((kind) => (
        <Tabs.Content key={kind} value={kind}>
          <EventList when={kind} variant={variant} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

export function EventsPage() {
  const [searchParams] = useSearchParams();
  const calendar = searchParams.get('view') === 'calendar';
  const { user } = useSnapshot(session);
  if (user && !canCreateEvents(user)) return <EventsOff />;

  const styles = page();
  return (
    <div className={styles.root}>
      <div className={styles.header}>
        <h1 className={styles.title}>Events</h1>
        <EventsActions />
      </div>
      <ViewSwitch calendar={calendar} />
      {calendar ? <EventCalendar /> : <EventTabs />}
    </div>
  );
}

// The Events page (/events): Upcoming and Past tabs, Upcoming first. The calendar view
// (`?view=calendar`) comes with its own issue; until then every view shows the tabs.
import { Tabs } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useState } from 'react';
import type { EventsWhen } from '../api/get-events.ts';
import { EventList } from './event-list.tsx';

export function EventsPage() {
  const [when, setWhen] = useState<EventsWhen>('upcoming');

  return (
    <div className={css({ maxW: '4xl', mx: 'auto', px: { base: '4', md: '8' }, py: '6' })}>
      <h1 className={css({ textStyle: '2xl', fontWeight: 'bold', mb: '4' })}>Events</h1>
      <Tabs.Root
        value={when}
        onValueChange={(details) => setWhen(details.value === 'past' ? 'past' : 'upcoming')}
        lazyMount
        unmountOnExit
      >
        <Tabs.List>
          <Tabs.Trigger value="upcoming">Upcoming</Tabs.Trigger>
          <Tabs.Trigger value="past">Past</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="upcoming">
          <EventList when="upcoming" />
        </Tabs.Content>
        <Tabs.Content value="past">
          <EventList when="past" />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

// The events page's actions: Create Event for members with the `events` feature, Go Live (the live
// stream dialog) for everyone but role USER, and the personal calendar feed for calendar apps, with
// "Reset link" for a link that was shared too widely (the old address stops working at once).
import { referenceOf, session } from '@community/api-client';
import { Button, icons, openModal, toast } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { getCalendarFeed } from '../api/get-calendar-feed.ts';
import { resetCalendarFeed } from '../api/reset-calendar-feed.ts';
import { canCreateEvents, canGoLive } from '../lib/event-permissions.ts';

function CalendarFeedButton() {
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [resetting, setResetting] = useState(false);

  async function reset() {
    setResetting(true);
    try {
      setUrl((await resetCalendarFeed()).url);
      toast.success('Calendar link reset', 'Calendar apps using the old link no longer receive events.');
    } catch (error) {
      console.error('[events] calendar feed reset', error);
      toast.error('Unable to reset your calendar link', undefined, { reference: referenceOf(error) });
    } finally {
      setResetting(false);
    }
  }

  async function show() {
    setLoading(true);
    try {
      setUrl((await getCalendarFeed()).url);
    } catch (error) {
      console.error('[events] calendar feed', error);
      toast.error('Unable to get your calendar feed', undefined, { reference: referenceOf(error) });
    } finally {
      setLoading(false);
    }
  }

  if (!url) {
    return (
      <Button variant="outline" loading={loading} onClick={show}>
        <icons.CalendarDays aria-hidden="true" />
        Calendar feed
      </Button>
    );
  }
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '2', w: 'full' })}>
      <label
        className={css({
          display: 'flex',
          alignItems: 'center',
          gap: '2',
          textStyle: 'sm',
          flex: '1',
          minW: '0',
        })}
      >
        <span className={css({ whiteSpace: 'nowrap', color: 'fg.muted' })}>
          Subscribe in your calendar app:
        </span>
        <input
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
          className={css({
            flex: '1',
            minW: '0',
            px: '2',
            h: '8',
            borderWidth: '1px',
            borderRadius: 'l2',
            bg: 'bg.subtle',
            textStyle: 'xs',
          })}
        />
      </label>
      <Button variant="outline" size="sm" loading={resetting} onClick={reset}>
        <icons.RefreshCw aria-hidden="true" />
        Reset link
      </Button>
    </div>
  );
}

export function EventsActions() {
  const { user } = useSnapshot(session);
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
      <CalendarFeedButton />
      {canGoLive(user) ? (
        <Button variant="outline" onClick={() => openModal('createLivestream')}>
          <icons.Video aria-hidden="true" />
          Go Live
        </Button>
      ) : null}
      {canCreateEvents(user) ? <Button onClick={() => openModal('createEvent')}>Create Event</Button> : null}
    </div>
  );
}

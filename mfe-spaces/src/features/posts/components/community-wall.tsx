// Home (`/`, feature `livewall`): a newcomer's first-visit welcome (features/welcome), the composer's prompt (with `posts`, components/home-composer.tsx),
// the next upcoming events in a strip (with `events`), then the community wall, the posts of every space the member may read, newest first, live from those spaces'
// posts rooms. Without `posts` the wall stays readable, with no Like or Comments (docs/features.md).
import { api, withQuery } from '@community/api-client';
import { type CommunityEvent, hasFeature, type Page } from '@community/domain';
import { icons, Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useSpaces } from '../../spaces/api/use-spaces.ts';
import { canReadSpace } from '../../spaces/lib/space-type.ts';
import { useWelcome, WelcomeCard } from '../../welcome/components/welcome-card.tsx';
import { useCommentsLink } from '../lib/comments-link.ts';
import { chooseLiveRooms, PARTIAL_REFRESH_MS } from '../lib/live-rooms.ts';
import { hasPostsFeature } from '../lib/permissions.ts';
import { useWallRefresh, useWallRooms, useWallStore } from '../lib/use-wall.ts';
import { HomeComposer } from './home-composer.tsx';
import { PostsWall } from './posts-wall.tsx';

/** Events shown in the strip above the wall. */
export const UPCOMING_EVENTS_SHOWN = 3;

/** GET /api/events (docs/api.md), as mfe-events asks for upcoming published events: soonest first. */
export const fetchUpcomingEvents = (signal?: AbortSignal) =>
  api.get<Page<CommunityEvent>>(
    withQuery('/api/events', { published: true, when: 'upcoming', limit: UPCOMING_EVENTS_SHOWN }),
    { signal },
  );

type EventsState =
  | { status: 'loading' }
  | { status: 'ready'; events: CommunityEvent[] }
  | { status: 'error' };

const dateFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Two lines of a card's title (textStyle sm: 1.25rem each): short titles keep the cards one height. */
const TITLE_LINES = '10';

const stripCardClass = css({
  display: 'grid',
  gap: '1',
  p: '3',
  minW: '56',
  flex: '1',
  bg: 'bg.default',
  borderWidth: '1px',
  borderRadius: 'l3',
  color: 'fg.default',
  _hover: { borderColor: 'accent.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
});

export function UpcomingEventsStrip() {
  const [state, setState] = useState<EventsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchUpcomingEvents(controller.signal).then(
      (page) => setState({ status: 'ready', events: page.items.slice(0, UPCOMING_EVENTS_SHOWN) }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[home] events', error);
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);

  // A failure or no events: the wall alone, no empty box above it.
  if (state.status === 'error' || (state.status === 'ready' && state.events.length === 0)) return null;
  return (
    <section
      aria-label="Upcoming events"
      className={css({ display: 'grid', gap: '2', maxW: '3xl', w: 'full', mx: 'auto' })}
    >
      <div className={css({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between' })}>
        <h2 className={css({ textStyle: 'md', fontWeight: 'semibold' })}>Upcoming events</h2>
        <Link href="/events" className={css({ textStyle: 'sm', color: 'accent.text', fontWeight: 'medium' })}>
          See all events
        </Link>
      </div>
      <ul className={css({ display: 'flex', gap: '3', overflowX: 'auto', pb: '1' })}>
        {state.status === 'loading'
          ? Array.from({ length: UPCOMING_EVENTS_SHOWN }, (_, index) => (
              // As tall as a card (a date line, two title lines), so nothing below moves when they come.
              <li key={index} className={stripCardClass} aria-hidden="true">
                <Skeleton shape="text" className={css({ w: '24', h: '4' })} />
                <Skeleton className={css({ w: '40', h: TITLE_LINES })} />
              </li>
            ))
          : state.events.map((event) => (
              <li key={event.id} className={css({ display: 'flex', flex: '1' })}>
                <Link href={`/events/${event.id}`} className={stripCardClass}>
                  <span
                    className={css({
                      display: 'flex',
                      alignItems: 'center',
                      gap: '1.5',
                      textStyle: 'xs',
                      color: 'fg.muted',
                    })}
                  >
                    <icons.CalendarDays aria-hidden="true" className={css({ w: '3.5', h: '3.5' })} />
                    <time dateTime={event.startDate}>{dateFormat.format(new Date(event.startDate))}</time>
                  </span>
                  <span
                    className={css({
                      fontWeight: 'semibold',
                      textStyle: 'sm',
                      lineClamp: '2',
                      minH: TITLE_LINES,
                    })}
                  >
                    {event.title}
                  </span>
                </Link>
              </li>
            ))}
      </ul>
    </section>
  );
}

export function CommunityWall() {
  const me = useCurrentUser();
  const spaces = useSpaces();
  const spaceList = spaces.status === 'ready' ? spaces.spaces : null;
  const spaceNames = useMemo(
    () => new Map(spaceList?.map((space) => [space.id, space.name]) ?? []),
    [spaceList],
  );
  const store = useWallStore({ spaceId: null, meId: me?.id ?? '' });
  // Live from a bounded set of the spaces it shows (lib/live-rooms.ts), only readable ones: a listed
  // paid space the member is not in would refuse the ticket (a failed request on every load).
  // Chosen once the first page is there (its posts say where the activity is), so that no socket
  // opens only to be closed a moment later.
  const { posts, status } = useSnapshot(store.state);
  const firstPageSeen = useRef(false);
  firstPageSeen.current ||= status !== 'loading';
  const spacesOfPosts = posts.map((post) => post.spaceId).join(',');
  const rooms = useMemo(
    () =>
      firstPageSeen.current
        ? chooseLiveRooms(
            spaceList?.filter(canReadSpace) ?? [],
            spacesOfPosts ? spacesOfPosts.split(',') : [],
          )
        : { live: [], partial: false },
    [spaceList, spacesOfPosts, status],
  );
  useWallRooms(store, rooms.live);
  useWallRefresh(store, rooms.partial ? PARTIAL_REFRESH_MS : null);
  // Posting needs `posts` and a space of one's own (the picker offers only those). While the spaces
  // load the prompt is already there (most members with `posts` have a space): showing it only then
  // moved the whole page down under the reader (Lighthouse: layout shift 0.09 on a phone).
  const canPost = Boolean(
    me && hasPostsFeature(me) && (spaces.status === 'loading' || spaceList?.some((space) => space.isMember)),
  );
  // `/?postId=`: a post's comments over Home (the role in its space is left to the server).
  useCommentsLink(undefined);
  const [welcome, setWelcome] = useWelcome();
  if (!me) return null;
  const events = hasFeature(me, 'events') ? <UpcomingEventsStrip /> : null;
  return (
    <div className={css({ display: 'grid', gap: '6', p: { base: '3', md: '6' } })}>
      {welcome.status === 'shown' ? (
        <WelcomeCard
          welcome={welcome.welcome}
          me={me}
          mySpaces={spaceList}
          events={events}
          onDismissed={() => setWelcome({ status: 'hidden' })}
          onDismissFailed={() => setWelcome(welcome)}
        />
      ) : null}
      {canPost ? <HomeComposer me={me} /> : null}
      {/* Not held back while the welcome loads: most members never get one. */}
      {welcome.status === 'shown' ? null : events}
      <PostsWall store={store} me={me} spaceNames={spaceNames} />
    </div>
  );
}

// "Who is going" on the event page (issue 29): the first EVENT_ATTENDEES_SHOWN members who RSVPed as
// avatars (each names its member on hover and focus, and opens their profile where the viewer may),
// then "+N", which opens everyone (attendees-dialog.tsx). The event's organisers also get the
// attendee list as CSV (emails included; the API refuses it to anyone else). Anyone's RSVP reaches
// an open page live (useEvent reads the event again): the strip loads again whenever the event's
// members change, so its count and avatars always agree.
import { session } from '@community/api-client';
import { type CommunityEvent, EVENT_ATTENDEES_SHOWN, type EventAttendee } from '@community/domain';
import { Avatar, canOpenProfile, icons, openProfile } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { button } from '@community/ui/styled-system/recipes';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { attendeesCsvUrl, getAttendees } from '../api/get-attendees.ts';
import { canManageDates, type Viewer } from '../lib/event-permissions.ts';
import { AttendeesDialog, attendeeName } from './attendees-dialog.tsx';

const chip = css({
  position: 'relative',
  display: 'inline-flex',
  borderRadius: 'full',
  outline: 'none',
  boxShadow: '0 0 0 2px var(--colors-bg-default)',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
});
// The name shows above the avatar while it is hovered or focused (the button is named by it
// throughout). Rendered only then, so a long name never widens the page; it opens towards the
// middle of the screen. (State, not a :hover class: the shell's own `display` utilities are in a
// later cascade layer than this micro-frontend's and would win.)
const nameTip = css({
  position: 'absolute',
  bottom: 'calc(100% + 6px)',
  px: '2',
  py: '1',
  borderRadius: 'l2',
  bg: 'fg.default',
  color: 'bg.default',
  textStyle: 'xs',
  fontWeight: 'medium',
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
  zIndex: 1,
});

function AttendeeChip({ attendee }: { attendee: EventAttendee }) {
  const { user } = useSnapshot(session);
  const [tip, setTip] = useState<'start' | 'end' | null>(null);
  const name = attendeeName(attendee);
  const show = (event: { currentTarget: HTMLElement }) =>
    setTip(event.currentTarget.getBoundingClientRect().left > window.innerWidth / 2 ? 'end' : 'start');
  const hide = () => setTip(null);
  const props = {
    'aria-label': name,
    className: chip,
    onMouseEnter: show,
    onMouseLeave: hide,
    onFocus: show,
    onBlur: hide,
  };
  const content = (
    <>
      <Avatar name={name} src={attendee.imageUrl} size="sm" aria-hidden="true" />
      {tip ? (
        <span aria-hidden="true" className={nameTip} style={tip === 'end' ? { right: 0 } : { left: 0 }}>
          {name}
        </span>
      ) : null}
    </>
  );
  return canOpenProfile(user, attendee.id) ? (
    <button type="button" {...props} onClick={() => openProfile(user, attendee.id)}>
      {content}
    </button>
  ) : (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users read the name too
    <span tabIndex={0} role="img" {...props}>
      {content}
    </span>
  );
}

export function EventAttendees({ event, viewer }: { event: CommunityEvent; viewer: Viewer }) {
  const [attendees, setAttendees] = useState<EventAttendee[] | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const count = event.members.length;
  const membersKey = event.members.map((member) => member.userId).join(',');

  useEffect(() => {
    if (!membersKey) {
      setAttendees([]);
      return;
    }
    const controller = new AbortController();
    getAttendees(event.id, null, EVENT_ATTENDEES_SHOWN, controller.signal).then(
      (page) => setAttendees(page.items),
      (error: unknown) => {
        if (!controller.signal.aborted) console.error('[events] attendees', error);
      },
    );
    return () => controller.abort();
  }, [event.id, membersKey]);

  const shown = attendees ?? [];
  const more = Math.max(0, count - shown.length);
  const organizer = canManageDates(event, viewer);

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      {count > 0 ? (
        <ul
          aria-label="Who is going"
          aria-busy={attendees === null || undefined}
          className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1.5' })}
        >
          {shown.map((attendee) => (
            <li key={attendee.id}>
              <AttendeeChip attendee={attendee} />
            </li>
          ))}
          {more > 0 && attendees !== null ? (
            <li>
              <button
                type="button"
                className={button({ variant: 'outline', size: 'sm' })}
                onClick={() => setListOpen(true)}
              >
                +{more}
                <span className={css({ srOnly: true })}> more: see everyone going</span>
              </button>
            </li>
          ) : null}
        </ul>
      ) : (
        <p className={css({ color: 'fg.muted', textStyle: 'sm' })}>Nobody has RSVPed yet.</p>
      )}
      {organizer && count > 0 ? (
        <div>
          <a href={attendeesCsvUrl(event.id)} download className={button({ variant: 'outline', size: 'sm' })}>
            <icons.FileText aria-hidden="true" />
            Download attendees (CSV)
          </a>
        </div>
      ) : null}
      {listOpen ? (
        <AttendeesDialog eventId={event.id} count={count} onClose={() => setListOpen(false)} />
      ) : null}
    </div>
  );
}

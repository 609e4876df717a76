// RSVP / UnRSVP (spec section 4): toggles the signed-in member's interest, shows a confirmation icon
// for 2 seconds after each change, and is disabled for the event's author. A full event offers
// "Join waitlist", and a waiting member "Leave waitlist" (issue 29, lib/event-places.ts).
import { type CommunityEvent, EVENT_AUTHOR_NO_RSVP } from '@community/domain';
import { Button, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useRsvpToggle } from '../api/rsvp-event.ts';
import { RSVP_LABELS, rsvpState } from '../lib/event-places.ts';

export type RsvpButtonProps = {
  event: CommunityEvent;
  interested: boolean;
  isAuthor: boolean;
  onChange: (event: CommunityEvent) => void;
};

export function RsvpButton({ event, interested, isAuthor, onChange }: RsvpButtonProps) {
  const state = rsvpState(event, interested);
  const taken = state === 'going' || state === 'waiting';
  const { toggle, pending, confirmed } = useRsvpToggle(event, taken, onChange);
  if (isAuthor) {
    return (
      <Button disabled title={EVENT_AUTHOR_NO_RSVP}>
        RSVP
      </Button>
    );
  }
  return (
    <Button variant={taken ? 'outline' : 'solid'} loading={pending} aria-pressed={taken} onClick={toggle}>
      {confirmed ? (
        <icons.CircleCheck
          role="img"
          aria-label={taken ? 'Marked as interested' : 'Unmarked as interested'}
          className={taken ? css({ color: 'success.text' }) : css({ color: 'fg.muted' })}
        />
      ) : null}
      {RSVP_LABELS[state]}
    </Button>
  );
}

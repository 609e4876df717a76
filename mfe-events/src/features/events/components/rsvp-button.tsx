// RSVP / UnRSVP (spec section 4): toggles the signed-in member's interest, shows a confirmation icon
// for 2 seconds after each change, and is disabled for the event's author.
import { type CommunityEvent, EVENT_AUTHOR_NO_RSVP } from '@community/domain';
import { Button, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { useRsvpToggle } from '../api/rsvp-event.ts';

export type RsvpButtonProps = {
  event: CommunityEvent;
  interested: boolean;
  isAuthor: boolean;
  onChange: (event: CommunityEvent) => void;
};

export function RsvpButton({ event, interested, isAuthor, onChange }: RsvpButtonProps) {
  const { toggle, pending, confirmed } = useRsvpToggle(event, interested, onChange);
  if (isAuthor) {
    return (
      <Button disabled title={EVENT_AUTHOR_NO_RSVP}>
        RSVP
      </Button>
    );
  }
  return (
    <Button
      variant={interested ? 'outline' : 'solid'}
      loading={pending}
      aria-pressed={interested}
      onClick={toggle}
    >
      {confirmed ? (
        <icons.CircleCheck
          role="img"
          aria-label={interested ? 'Marked as interested' : 'Unmarked as interested'}
          className={interested ? css({ color: 'success.text' }) : css({ color: 'fg.muted' })}
        />
      ) : null}
      {interested ? 'UnRSVP' : 'RSVP'}
    </Button>
  );
}

// What an events page shows when the `events` switch is off (docs/features.md): the API's own words,
// also when the switch goes off while the page is open (the session user changes live).
import { featureDisabledMessage } from '@community/domain';
import { EmptyState, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { Link } from 'wouter';

export function EventsOff({ message = featureDisabledMessage('events') }: { message?: string }) {
  return (
    <EmptyState
      icon={<icons.Ban />}
      title={message}
      action={
        <Link href="/" className={css({ color: 'accent.text', textStyle: 'sm', fontWeight: 'medium' })}>
          Go home
        </Link>
      }
    />
  );
}

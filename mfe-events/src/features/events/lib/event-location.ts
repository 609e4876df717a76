import type { CommunityEvent, EventLocation } from '@community/domain';

export const LOCATION_LABELS: Record<EventLocation, string> = {
  IN_PERSON: 'In person',
  YOUTUBE: 'YouTube',
  FACEBOOK: 'Facebook',
  LINKEDIN: 'LinkedIn',
};

/** "In person · Boston" or the streaming platform's name. */
export function locationLabel(event: Pick<CommunityEvent, 'location' | 'address'>): string {
  const label = LOCATION_LABELS[event.location] ?? event.location;
  if (event.location === 'IN_PERSON' && event.address?.city) return `${label} · ${event.address.city}`;
  return label;
}

export function hostNameOf(event: Pick<CommunityEvent, 'hostName' | 'host'>): string {
  return event.hostName?.trim() || `${event.host.firstName} ${event.host.lastName}`.trim();
}

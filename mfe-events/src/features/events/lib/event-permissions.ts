// Who may do what with events on screen (spec section 6). The API enforces the same rules.
import { type CommunityEvent, type FeatureSwitch, hasFeature, type Role } from '@community/domain';

/** The signed-in user as the session store holds it (read-only in a snapshot). */
export type Viewer =
  | { id: string; role: Role; features: readonly Readonly<FeatureSwitch>[] }
  | null
  | undefined;

/** Creating and editing events needs the `events` feature (docs/api.md). */
export const canCreateEvents = (user: Viewer): boolean => hasFeature(user, 'events');

/**
 * Go Live and the live stream dialog: the `livestream` feature (docs/features.md), never for role USER,
 * and `events` too since going live creates an event.
 */
export const canGoLive = (user: Viewer): boolean =>
  Boolean(user) && user?.role !== 'USER' && hasFeature(user, 'livestream') && canCreateEvents(user);

export const isAuthor = (event: Pick<CommunityEvent, 'authorId'>, user: Viewer): boolean =>
  Boolean(user) && event.authorId === user?.id;

/** Editing: its author only, and not while it is cancelled (the API answers 409 until it is restored). */
export const canEditEvent = (
  event: Pick<CommunityEvent, 'authorId' | 'cancelledAt'>,
  user: Viewer,
): boolean => isAuthor(event, user) && event.cancelledAt === null;

export const isInterested = (event: Pick<CommunityEvent, 'members'>, user: Viewer): boolean =>
  Boolean(user) && event.members.some((member) => member.userId === user?.id);

/**
 * Cancelling or restoring one date of a series: its author, its host or a community admin (the API
 * checks the same, `eventOrganizer` on /api/events/{id}/cancelled-occurrences).
 */
export const canManageDates = (event: Pick<CommunityEvent, 'authorId' | 'hostId'>, user: Viewer): boolean =>
  Boolean(user) &&
  (event.authorId === user?.id ||
    event.hostId === user?.id ||
    user?.role === 'SUPER_ADMIN' ||
    user?.role === 'ADMIN');

/**
 * Cancelling the whole event, restoring it and deleting it: the same callers as a date's (the API's
 * `eventOrganizer` on /api/events/{id}/cancellation and DELETE /api/events/{id}).
 */
export const canCancelEvent = canManageDates;

/** Restoring a cancelled event while a date is still to come (the API answers 409 after that). */
export function canRestoreEvent(
  event: Pick<CommunityEvent, 'cancelledAt' | 'repeat' | 'startDate' | 'nextOccurrences'>,
  now = Date.now(),
): boolean {
  if (!event.cancelledAt) return false;
  return event.repeat === 'NO_REPEAT'
    ? Date.parse(event.startDate) > now
    : event.nextOccurrences.some((date) => !date.cancelled && Date.parse(date.start) > now);
}

/** A draft, or a cancelled event, may be deleted; a published event still on is cancelled first. */
export const canDeleteEvent = (event: Pick<CommunityEvent, 'published' | 'cancelledAt'>): boolean =>
  !event.published || event.cancelledAt !== null;

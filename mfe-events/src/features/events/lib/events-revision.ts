// Bumped after an event is created, edited or RSVPed, so every list, calendar and detail of this
// micro-frontend that is on screen loads again (the dialogs and pages are separate exposed modules).
import { proxy, useSnapshot } from 'valtio';

const revision = proxy({ value: 0 });

export function bumpEventsRevision(): void {
  revision.value += 1;
}

export function useEventsRevision(): number {
  return useSnapshot(revision).value;
}

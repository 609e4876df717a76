// GET /api/community → its `timeZone`: the zone a new event starts in (issue 12). Read once per page;
// a failure (or an older server without the field) falls back to the default zone.
import { api } from '@community/api-client';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@community/domain';
import { useEffect, useState } from 'react';

let communityZone: Promise<string> | null = null;

function getCommunityTimeZone(): Promise<string> {
  communityZone ??= api.get<{ timeZone?: string | null }>('/api/community').then(
    ({ timeZone }) => (timeZone && isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE),
    (error: unknown) => {
      console.error('[events] community time zone', error);
      communityZone = null;
      return DEFAULT_TIME_ZONE;
    },
  );
  return communityZone;
}

/** The community's zone, null until it is known. */
export function useCommunityTimeZone(): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    void getCommunityTimeZone().then((value) => active && setZone(value));
    return () => {
      active = false;
    };
  }, []);
  return zone;
}

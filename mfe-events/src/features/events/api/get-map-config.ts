// GET /api/config → { mapStyleUrl }: the MapLibre style is configuration (an offline style by default).
import { api } from '@community/api-client';
import { useEffect, useState } from 'react';

let styleUrl: Promise<string> | null = null;

/** Read once per page; a failure is forgotten so the next map asks again. */
export function getMapStyleUrl(): Promise<string> {
  styleUrl ??= api.get<{ mapStyleUrl: string }>('/api/config').then(
    ({ mapStyleUrl }) => new URL(mapStyleUrl, window.location.origin).href,
    (error: unknown) => {
      styleUrl = null;
      throw error;
    },
  );
  return styleUrl;
}

export type MapStyleState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; url: string };

export function useMapStyleUrl(): MapStyleState {
  const [state, setState] = useState<MapStyleState>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    getMapStyleUrl().then(
      (url) => active && setState({ status: 'ready', url }),
      (error: unknown) => {
        console.error('[events] map config', error);
        if (active) setState({ status: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, []);
  return state;
}

// A map with one marker, for the detail card and the event form. MapLibre and its worker load as a
// separate chunk the first time a map is shown; the style URL comes from /api/config.
import { Skeleton } from '@community/ui';
import { css, cx } from '@community/ui/styled-system/css';
import { lazy, Suspense } from 'react';
import { useMapStyleUrl } from '../api/get-map-config.ts';
import type { LatLng } from './map-canvas.tsx';

const MapCanvas = lazy(() => import('./map-canvas.tsx'));

export type EventMapProps = {
  marker: LatLng | null;
  markerLabel: string;
  onPick?: (point: LatLng) => void;
  /** Centres the map here whenever it changes (a picked city). */
  focus?: LatLng | null;
  className?: string;
};

export function EventMap({ marker, markerLabel, onPick, focus, className }: EventMapProps) {
  const style = useMapStyleUrl();
  const placeholder = <Skeleton className={css({ w: 'full', h: 'full' })} />;
  return (
    <div
      className={cx(
        css({
          position: 'relative',
          w: 'full',
          h: '64',
          borderRadius: 'l3',
          overflow: 'hidden',
          borderWidth: '1px',
        }),
        className,
      )}
    >
      {style.status === 'error' ? (
        <p
          className={css({
            display: 'grid',
            placeItems: 'center',
            h: 'full',
            textStyle: 'sm',
            color: 'fg.muted',
          })}
        >
          The map is unavailable.
        </p>
      ) : style.status === 'loading' ? (
        placeholder
      ) : (
        <Suspense fallback={placeholder}>
          <MapCanvas
            styleUrl={style.url}
            marker={marker}
            markerLabel={markerLabel}
            onPick={onPick}
            focus={focus}
          />
        </Suspense>
      )}
    </div>
  );
}

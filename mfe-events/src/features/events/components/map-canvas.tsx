// The MapLibre map itself (lazy chunk, see event-map.tsx): the configured style, a DOM marker, and
// optionally a click that picks a point. Loaded only where a map is on screen.
import { css, cx } from '@community/ui/styled-system/css';
import { useEffect, useRef, useState } from 'react';
import { maplibregl } from '../lib/maplibre.ts';
import { attachPlaceLabels, labelOptions } from '../map/place-labels.ts';

export type LatLng = { lat: number; lng: number };

export type MapCanvasProps = {
  styleUrl: string;
  marker: LatLng | null;
  /** Names the marker for assistive technology, e.g. the venue. */
  markerLabel: string;
  onPick?: ((point: LatLng) => void) | undefined;
  /** Where to look, when it changes (a city picked in the form's search): centred at city zoom. */
  focus?: LatLng | null | undefined;
};

const WORLD_VIEW = { center: [0, 20] as [number, number], zoom: 1 };
const PLACE_ZOOM = 13;
const CITY_ZOOM = 11;
const round = (value: number) => Math.round(value * 1e6) / 1e6;

export default function MapCanvas({ styleUrl, marker, markerLabel, onPick, focus }: MapCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | null>(null);
  const markerRef = useRef<maplibregl.Marker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const [failed, setFailed] = useState(false);
  const initialMarker = useRef(marker);

  useEffect(() => {
    if (!container.current) return;
    const start = initialMarker.current;
    let instance: maplibregl.Map;
    try {
      instance = new maplibregl.Map({
        container: container.current,
        style: styleUrl,
        center: start ? [start.lng, start.lat] : WORLD_VIEW.center,
        zoom: start ? PLACE_ZOOM : WORLD_VIEW.zoom,
        attributionControl: false,
      });
    } catch (error) {
      // No WebGL in this browser: the address and directions still say where the event is.
      console.error('[events] map', error);
      setFailed(true);
      return;
    }
    instance.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    instance.on('error', (event) => console.error('[events] map', event.error));
    let detachLabels: (() => void) | undefined;
    instance.once('load', () => {
      // The offline style's data is small-scale (Natural Earth 1:50m): it says how far zooming in
      // still shows something, and asks for HTML place names (it has no glyphs for map text).
      const metadata = instance.getStyle()?.metadata as Record<string, unknown> | undefined;
      const maxZoom = metadata?.['community:max-zoom'];
      if (typeof maxZoom === 'number') instance.setMaxZoom(maxZoom);
      // …and how close to open on a place: near enough for its city, far enough for its region.
      const placeZoom = metadata?.['community:place-zoom'];
      if (typeof placeZoom === 'number' && instance.getZoom() > placeZoom) instance.setZoom(placeZoom);
      const labels = labelOptions(metadata);
      if (labels) detachLabels = attachPlaceLabels(instance, labels);
    });
    instance.on('click', (event) => {
      pick.current?.({ lat: round(event.lngLat.lat), lng: round(event.lngLat.lng) });
    });
    map.current = instance;
    return () => {
      detachLabels?.();
      markerRef.current = null;
      map.current = null;
      instance.remove();
    };
  }, [styleUrl]);

  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    if (!marker) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    if (!markerRef.current) {
      markerRef.current = new maplibregl.Marker({ color: '#4f46e5' });
      markerRef.current.getElement().setAttribute('aria-label', markerLabel);
      markerRef.current.setLngLat([marker.lng, marker.lat]).addTo(instance);
    } else {
      markerRef.current.setLngLat([marker.lng, marker.lat]);
    }
    if (!instance.getBounds().contains([marker.lng, marker.lat]))
      instance.setCenter([marker.lng, marker.lat]);
  }, [marker, markerLabel]);

  useEffect(() => {
    if (focus) map.current?.jumpTo({ center: [focus.lng, focus.lat], zoom: CITY_ZOOM });
  }, [focus]);

  if (failed) {
    return (
      <p
        className={css({
          display: 'grid',
          placeItems: 'center',
          h: 'full',
          textStyle: 'sm',
          color: 'fg.muted',
        })}
      >
        The map cannot be shown in this browser.
      </p>
    );
  }
  return (
    <div
      ref={container}
      data-testid="event-map"
      className={cx(css({ w: 'full', h: 'full' }), onPick ? css({ cursor: 'crosshair' }) : undefined)}
    />
  );
}

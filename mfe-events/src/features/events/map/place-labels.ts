// Place names for the offline style. A symbol layer would need glyph PBFs from a font server, which
// the offline map does not have, so the names are HTML labels over the canvas, chosen again after
// every move: biggest places first, none overlapping another, only those in view. The style opts in
// with metadata `community:labels` = { source, text }; real tile styles carry their own labels.
import type { Map as MaplibreMap } from 'maplibre-gl';

export type LabelledPlace = { name: string; lng: number; lat: number };
export type PlacedLabel = { name: string; x: number; y: number };
export type LabelOptions = { source: string; text: string };

/** Beyond this many the map reads as a list of names. */
export const MAX_LABELS = 16;
const CHAR_WIDTH = 6.5;
const LABEL_HEIGHT = 16;
const GAP = 4;

type Box = { left: number; top: number; right: number; bottom: number };
const overlaps = (a: Box, b: Box) =>
  a.left < b.right + GAP && b.left < a.right + GAP && a.top < b.bottom + GAP && b.top < a.bottom + GAP;

/**
 * Which labels to show, in the order given (biggest place first): each at its projected point, kept
 * only if its whole box is inside the map and clear of every label already kept.
 */
export function placeLabels(
  places: readonly LabelledPlace[],
  project: (place: LabelledPlace) => { x: number; y: number },
  size: { width: number; height: number },
  max = MAX_LABELS,
): PlacedLabel[] {
  const kept: PlacedLabel[] = [];
  const boxes: Box[] = [];
  for (const place of places) {
    if (kept.length >= max) break;
    const { x, y } = project(place);
    // The label sits to the right of the place's dot, centred on it vertically.
    const box = {
      left: x - 4,
      top: y - LABEL_HEIGHT / 2,
      right: x + 6 + place.name.length * CHAR_WIDTH,
      bottom: y + LABEL_HEIGHT / 2,
    };
    if (box.left < 0 || box.top < 0 || box.right > size.width || box.bottom > size.height) continue;
    if (boxes.some((other) => overlaps(box, other))) continue;
    boxes.push(box);
    kept.push({ name: place.name, x, y });
  }
  return kept;
}

/** Reads the style's opt-in, if any. */
export function labelOptions(metadata: unknown): LabelOptions | null {
  const value = (metadata as Record<string, unknown> | undefined)?.['community:labels'] as
    | Partial<LabelOptions>
    | undefined;
  return typeof value?.source === 'string' && typeof value.text === 'string'
    ? { source: value.source, text: value.text }
    : null;
}

function toPlaces(data: unknown, text: string): LabelledPlace[] {
  const features = (data as { features?: unknown[] } | undefined)?.features ?? [];
  const places: LabelledPlace[] = [];
  for (const feature of features as {
    properties?: Record<string, unknown>;
    geometry?: { type?: string; coordinates?: number[] };
  }[]) {
    const name = feature.properties?.[text];
    const [lng, lat] = feature.geometry?.type === 'Point' ? (feature.geometry.coordinates ?? []) : [];
    if (typeof name === 'string' && typeof lng === 'number' && typeof lat === 'number')
      places.push({ name, lng, lat });
  }
  return places;
}

/**
 * Draws the labels of the style's label source over `map` until the returned function is called.
 * The labels are decoration (the same names are not announced): aria-hidden, and clicks go through.
 */
export function attachPlaceLabels(map: MaplibreMap, options: LabelOptions): () => void {
  const layer = document.createElement('div');
  layer.setAttribute('aria-hidden', 'true');
  layer.dataset.testid = 'map-place-labels';
  Object.assign(layer.style, { position: 'absolute', inset: '0', pointerEvents: 'none', overflow: 'hidden' });
  // Right after the canvas (which would cover anything before it) and before any marker, so markers
  // stay on top of the names.
  map.getCanvas().after(layer);
  let places: LabelledPlace[] = [];
  let frame = 0;
  let removed = false;

  const draw = () => {
    frame = 0;
    const canvas = map.getCanvas();
    const size = { width: canvas.clientWidth, height: canvas.clientHeight };
    const labels = placeLabels(places, (place) => map.project([place.lng, place.lat]), size);
    layer.replaceChildren(
      ...labels.map((label) => {
        const element = document.createElement('span');
        element.textContent = label.name;
        Object.assign(element.style, {
          position: 'absolute',
          left: `${label.x + 5}px`,
          top: `${label.y - LABEL_HEIGHT / 2}px`,
          lineHeight: `${LABEL_HEIGHT}px`,
          font: '500 11px system-ui, sans-serif',
          color: '#334155',
          whiteSpace: 'nowrap',
          textShadow: '0 0 2px #fff, 0 0 2px #fff, 0 0 3px #fff',
        });
        return element;
      }),
    );
  };
  const schedule = () => {
    if (!frame && !removed) frame = requestAnimationFrame(draw);
  };

  const source = map.getSource(options.source) as { getData?: () => Promise<unknown> } | undefined;
  source
    ?.getData?.()
    .then((data) => {
      places = toPlaces(data, options.text);
      schedule();
    })
    .catch((error: unknown) => console.error('[events] map labels', error));
  map.on('move', schedule);
  map.on('resize', schedule);
  return () => {
    removed = true;
    if (frame) cancelAnimationFrame(frame);
    map.off('move', schedule);
    map.off('resize', schedule);
    layer.remove();
  };
}

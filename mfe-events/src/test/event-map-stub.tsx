// mfe-events' unit tests draw every event map as a plain box holding its marker's label: MapLibre
// needs WebGL, which happy-dom has not. It is mocked here, a setup file run before every test file,
// rather than in each file: the files share one module graph (vitest `isolate: false`), so a module
// that imports the map (event-location, event-detail…) keeps the map of the first file that loaded it.
import { vi } from 'vitest';

vi.mock('../features/events/components/event-map.tsx', () => ({
  EventMap: ({ markerLabel }: { markerLabel: string }) => <div data-testid="map">{markerLabel}</div>,
}));

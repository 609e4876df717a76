// MapLibre GL, set up for this app. Only the lazily loaded map chunk imports this module: the library
// and its worker are far too big for the first load. The worker file is emitted by Vite (`?url`) and
// loaded from our own origin, as the Content Security Policy's worker-src allows.
import 'maplibre-gl/dist/maplibre-gl.css';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

maplibregl.setWorkerUrl(new URL(workerUrl, import.meta.url).href);

export { maplibregl };

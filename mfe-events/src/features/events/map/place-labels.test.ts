import { describe, expect, it } from 'vitest';
import { labelOptions, placeLabels } from './place-labels.ts';

// A flat projection for the test: 10 px per degree, origin at the top left.
const project = ({ lng, lat }: { lng: number; lat: number }) => ({ x: lng * 10, y: (90 - lat) * 10 });
const size = { width: 400, height: 300 };

describe('placeLabels', () => {
  it('keeps the bigger place when two labels would overlap, and places those apart', () => {
    const labels = placeLabels(
      [
        { name: 'Big', lng: 10, lat: 80 },
        { name: 'Nearby', lng: 11, lat: 80 },
        { name: 'Far', lng: 10, lat: 70 },
      ],
      project,
      size,
    );
    expect(labels).toEqual([
      { name: 'Big', x: 100, y: 100 },
      { name: 'Far', x: 100, y: 200 },
    ]);
  });

  it('leaves out places outside the map or whose label would run off its edge', () => {
    const labels = placeLabels(
      [
        { name: 'Outside', lng: 50, lat: 80 },
        { name: 'A very long place name at the edge', lng: 30, lat: 80 },
        { name: 'Inside', lng: 5, lat: 85 },
      ],
      project,
      size,
    );
    expect(labels.map((label) => label.name)).toEqual(['Inside']);
  });

  it('stops at the maximum', () => {
    const places = Array.from({ length: 10 }, (_, i) => ({
      name: `P${i}`,
      lng: 2 + i * 3,
      lat: 85 - i * 2.5,
    }));
    expect(placeLabels(places, project, size, 4)).toHaveLength(4);
  });
});

describe('labelOptions', () => {
  it('reads the style opt-in, and nothing from a style without one', () => {
    expect(labelOptions({ 'community:labels': { source: 'places', text: 'name' } })).toEqual({
      source: 'places',
      text: 'name',
    });
    expect(labelOptions(undefined)).toBeNull();
    expect(labelOptions({ 'community:labels': { source: 3 } })).toBeNull();
  });
});

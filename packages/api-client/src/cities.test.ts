import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client.ts';
import { createCitySearch } from './cities.ts';
import { createTestFetch, json } from './test-fetch.ts';

const paris = {
  id: 2988507,
  name: 'Paris',
  country: 'FR',
  adminCode: '11',
  population: 2138551,
  lat: 48.85,
  lng: 2.35,
};

describe('searchCities', () => {
  it('asks GET /api/cities with the trimmed search and answers the places', async () => {
    const { fetch, calls } = createTestFetch({ 'GET /api/cities': [json(200, { items: [paris] })] });
    const search = createCitySearch(createApiClient({ fetch, locks: null }));
    await expect(search('  Par ')).resolves.toEqual([paris]);
    expect(calls.map((call) => call.path)).toEqual(['/api/cities?search=Par']);
  });

  it('answers nothing for a blank search without asking', async () => {
    const { fetch, calls } = createTestFetch({});
    const search = createCitySearch(createApiClient({ fetch, locks: null }));
    await expect(search('   ')).resolves.toEqual([]);
    expect(calls).toEqual([]);
  });
});

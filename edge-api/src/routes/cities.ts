// `GET /api/cities?search=&limit=`: the city picker of the profile wizard and the event form.
import { CitySearchQuery } from '@community/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { validate } from '../lib/validate.ts';
import { signedIn } from '../middleware/auth.ts';
import { searchCities } from '../services/cities.ts';

export const cityRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .get('/', validate('query', CitySearchQuery), async (c) => {
    const { search, limit } = c.req.valid('query');
    return c.json({ items: await searchCities(c.var.db(), search, limit) }, 200);
  });

// A route added to the app without a line in the permission matrix fails here, in the unit suite,
// before the API suite (test/permissions.test.ts) even runs: who may call it must be decided.
import { describe, expect, it } from 'vitest';
import { compareWithApp, MATRIX } from '../test/permission-matrix.ts';
import { app } from './app.ts';

describe('the permission matrix', () => {
  it('has a row for every route the app serves, and none for a route that is gone', () => {
    const { missing, stale } = compareWithApp(app);
    expect(missing, 'routes to add to edge-api/test/permission-matrix.ts').toEqual([]);
    expect(stale, 'rows naming routes the app no longer serves').toEqual([]);
  });

  it('expects 401/403, never a 400, from a caller without the right', () => {
    for (const row of MATRIX) {
      expect([401, 403, 404], row.route).toContain(row.anonymous ?? 401);
      expect([401, 403, 404], row.route).toContain(row.refused ?? 403);
      for (const status of Object.values(row.refusedBy ?? {}))
        expect([401, 403, 404], row.route).toContain(status);
    }
  });
});

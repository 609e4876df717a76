// Plays the route × caller matrix (permission-matrix.ts) over HTTP against the running stack: every
// route, every kind of caller, an invalid body or query. Who may not call a route gets 401/403 and
// no schema details; who may gets the 400 (or the route's answer when it takes no input).
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../../scripts/lib/api-test-client.ts';
import { app } from '../src/app.ts';
import { buildMatrixFixtures, type MatrixSetup } from './matrix-fixtures.ts';
import {
  CALLERS,
  type Caller,
  compareWithApp,
  expectedStatus,
  type Fixtures,
  MATRIX,
} from './permission-matrix.ts';

let emails: MatrixSetup['emails'];
let sessions: MatrixSetup['sessions'];
let fx: Fixtures;

beforeAll(async () => {
  ({ emails, sessions, fx } = await buildMatrixFixtures());
});

describe('the permission matrix', () => {
  it('lists every route the app serves', () => {
    expect(compareWithApp(app)).toEqual({ missing: [], stale: [] });
  });

  it.each(MATRIX.map((row) => [`${row.route}${row.case ? ` (${row.case})` : ''}`, row] as const))(
    '%s',
    async (_name, row) => {
      const [method] = row.route.split(' ') as [string];
      const failures: string[] = [];
      for (const caller of CALLERS as readonly Caller[]) {
        const { path, body, headers } = row.request(fx, caller);
        const token =
          caller === 'anonymous'
            ? undefined
            : row.freshSession
              ? (await signIn(emails[caller])).token
              : sessions[caller].token;
        const answer = await call(path, { method, token, body, headers });
        const expected = expectedStatus(row, caller);
        if (answer.status !== expected) {
          failures.push(
            `${caller}: expected ${expected}, got ${answer.status} ${JSON.stringify(answer.body)}`,
          );
        } else if ((expected === 401 || expected === 403) && answer.body?.issues !== undefined) {
          // Refused callers learn nothing about the schema.
          failures.push(`${caller}: refused with schema details ${JSON.stringify(answer.body)}`);
        }
      }
      expect(failures).toEqual([]);
    },
  );
});
